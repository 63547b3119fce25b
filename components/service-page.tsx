import type { IllustrationName } from '@/components/illustration';
import { PageHero } from '@/components/page-hero';
import { sheetOf, sheetPages } from '@/components/sheet-content';
import { SheetLink } from '@/components/sheet-link';
import type { ServicePath } from '@/lib/results';

type ServicePageProps = {
  /** The page's route, which names its service sheet (lib/service-sheets.ts). */
  service: ServicePath;
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

/**
 * The frame every service page shares: an opening band with the one `h1`, its call and the link
 * to the page's service sheet, then the sections.
 */
export function ServicePage({ service, eyebrow, title, lead, illustration, actions, children }: ServicePageProps) {
  const sheet = sheetOf({ service, eyebrow, title, lead, children });
  return (
    <article>
      <PageHero eyebrow={eyebrow} title={title} lead={lead} illustration={illustration}>
        {actions}
        <SheetLink service={service} pages={sheetPages(sheet)} />
      </PageHero>
      {children}
    </article>
  );
}
