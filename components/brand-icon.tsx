import { Icon } from '@/components/icon';
import type { SocialNetwork } from '@/lib/company';

const marks = { linkedin: 'linkedin', x: 'x-twitter', facebook: 'facebook', instagram: 'instagram' } as const;

/** A social network's mark. Decorative: the link names it. */
export function BrandIcon({ network }: { network: SocialNetwork }) {
  return <Icon name={marks[network]} size={20} />;
}
