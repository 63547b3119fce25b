import type { IllustrationName } from '@/components/illustration';
import { PageHero } from '@/components/page-hero';

type ServicePageProps = {
  /** The service family, shown above the heading. */
  eyebrow: string;
  title: string;
  lead: React.ReactNode;
  /** The picture of this service in the opening band. */
  illustration?: IllustrationName;
  /** Calls to action in the opening band. */
  actions?: React.ReactNode;
  /** The page's sections, closing banner and closing call to action. */
  children: React.ReactNode;
};

/** The frame every service page shares: an opening band with the one `h1`, then the sections. */
export function ServicePage({ eyebrow, title, lead, illustration, actions, children }: ServicePageProps) {
  return (
    <article>
      <PageHero eyebrow={eyebrow} title={title} lead={lead} illustration={illustration}>
        {actions}
      </PageHero>
      {children}
    </article>
  );
}
