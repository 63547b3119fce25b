import { faFacebook, faInstagram, faLinkedin, faXTwitter } from '@fortawesome/free-brands-svg-icons';
import { Icon } from '@/components/icon';
import type { SocialNetwork } from '@/lib/site';

const icons = { linkedin: faLinkedin, x: faXTwitter, facebook: faFacebook, instagram: faInstagram } as const;

/** A social network's mark. Decorative: the link names it. */
export function BrandIcon({ network, size = 20 }: { network: SocialNetwork; size?: number }) {
  return <Icon icon={icons[network]} size={size} />;
}
