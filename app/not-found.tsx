import type { Metadata } from 'next';
import { ButtonLink } from '@/components/button-link';
import { PageHero } from '@/components/page-hero';

export const metadata: Metadata = {
  title: 'Page not found | NPTS',
  description: 'The page you were looking for does not exist.',
  robots: { index: false },
};

export default function NotFound() {
  return (
    // data-not-found: the share strip stays away from this page (share-strip.module.css).
    <div data-not-found>
      <PageHero
        eyebrow="Error 404"
        title="Page not found"
        lead="The page you were looking for does not exist or has moved. Try the home page or our services."
      >
        <ButtonLink href="/">Go to the home page</ButtonLink>
        <ButtonLink href="/services" variant="secondary">See our services</ButtonLink>
      </PageHero>
    </div>
  );
}
