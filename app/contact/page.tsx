import type { Metadata } from 'next';
import { PageHero } from '@/components/page-hero';
import { Section } from '@/components/section';
import { pageMetadata } from '@/lib/metadata';
import { site } from '@/lib/site';

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: 'Contact NPTS: Talk to Our Team',
    description:
      'Tell us about your vessel, rig or business project. Send a message to NPTS and our team will get back to you soon.',
    path: '/contact',
  });
}

export default function ContactPage() {
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Contact us"
        lead="Tell us about your vessel, rig or project. We answer every message, usually within one business day."
      />
      <Section title="Other ways to reach us">
        <p>
          Phone: <a href={`tel:${site.phone.tel}`}>{site.phone.display}</a>
          <br />
          Serving {site.location}, remotely and around the clock.
        </p>
      </Section>
    </>
  );
}
