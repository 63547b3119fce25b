import { faFacebook, faInstagram, faLinkedin, faXTwitter } from '@fortawesome/free-brands-svg-icons';
import type { SocialNetwork } from '@/lib/site';

const icons = { linkedin: faLinkedin, x: faXTwitter, facebook: faFacebook, instagram: faInstagram } as const;

/** A social network's mark, rendered to inline SVG at build time. Decorative: the link names it. */
export function BrandIcon({ network, size = 20 }: { network: SocialNetwork; size?: number }) {
  const [width, height, , , path] = icons[network].icon;
  return (
    <svg viewBox={`0 0 ${width} ${height}`} width={size} height={size} aria-hidden="true" focusable="false">
      <path d={Array.isArray(path) ? path.join(' ') : path} fill="currentColor" />
    </svg>
  );
}
