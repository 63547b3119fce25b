import { Icon } from '@/components/icon';
import type { SocialNetwork } from '@/lib/site';

const icons = { linkedin: 'linkedin', x: 'x-twitter', facebook: 'facebook', instagram: 'instagram' } as const;

/** A social network's mark. Decorative: the link names it. */
export function BrandIcon({ network, size = 20 }: { network: SocialNetwork; size?: number }) {
  return <Icon name={icons[network]} size={size} />;
}
