import { inlineSvg } from '@/lib/inline-image';

/**
 * The illustrations drawn for this site (public/illustrations/), each with what it shows. They
 * are drawn for the dark hero band, which stays navy in both colour schemes.
 */
export const illustrations = {
  coms: 'A vessel at sea linked to a communications satellite and to a 4/5G mast on the shore',
  network: 'A vessel’s onboard network of switches and segments, joined to the office by an encrypted VPN tunnel',
  vrit: 'A server rack beside a continuous backup cycle and a 24/7 support headset',
  software: 'Code on a desktop monitor, with the same application in a browser window and on a phone',
  rest: 'A legacy database feeding a REST API that serves web, mobile and partner applications',
  proto: 'POST, GET, PUT and DELETE endpoints next to their live API documentation and a security shield',
  ai: 'Documents flowing through a neural network that returns a summary and an answer',
  consulting: 'A network and system architecture blueprint with a security shield and a conversation with a consultant',
} as const;

export type IllustrationName = keyof typeof illustrations;

export const ILLUSTRATION_WIDTH = 480;
export const ILLUSTRATION_HEIGHT = 360;

type IllustrationProps = {
  name: IllustrationName;
  className?: string;
  /** In a page's first screen: part of the HTML itself (inlineSvg). Otherwise loaded when near view. */
  priority?: boolean;
};

export function Illustration({ name, className, priority = false }: IllustrationProps) {
  const file = `/illustrations/${name}.svg`;
  return (
    // A plain img: the export serves images as they are, and next/image would only add JavaScript.
    // eslint-disable-next-line @next/next/no-img-element
    <img
      src={priority ? inlineSvg(file) : file}
      alt={illustrations[name]}
      width={ILLUSTRATION_WIDTH}
      height={ILLUSTRATION_HEIGHT}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
