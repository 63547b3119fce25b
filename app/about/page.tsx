import type { Metadata } from 'next';
import { ButtonLink } from '@/components/button-link';
import { FeatureCard } from '@/components/feature-card';
import { PageHero } from '@/components/page-hero';
import { CardGrid, Section } from '@/components/section';
import { StatList } from '@/components/stat-list';
import { pageMetadata } from '@/lib/metadata';
import { site } from '@/lib/site';

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: 'About NPTS: a Remote-First IT Company',
    description:
      'NPTS is a remote-first IT company registered in Bulgaria, with over 50 years of combined experience, serving Europe and South East Asia.',
    path: '/about',
  });
}

export default function AboutPage() {
  return (
    <>
      <PageHero
        eyebrow="About us"
        title="Remote-first, close to every client"
        lead={`${site.name} is an IT company registered in ${site.registeredIn}, serving Europe and South East Asia. Our team brings over 50 years of combined experience and works remotely, so expert help reaches a vessel in the Java Sea as quickly as an office in Sofia.`}
      >
        <ButtonLink href="/contact" variant="accent">Contact us</ButtonLink>
      </PageHero>
      <Section title="Our mission">
        <CardGrid>
          <FeatureCard title="Keep operations connected">
            <p>Reliable links and networks for vessels, rigs and offices, wherever they are.</p>
          </FeatureCard>
          <FeatureCard title="Make technology simple">
            <p>Software and automation that fit the way our clients already work.</p>
          </FeatureCard>
          <FeatureCard title="Be there around the clock">
            <p>Remote support at any hour, in any time zone.</p>
          </FeatureCard>
        </CardGrid>
      </Section>
      <Section title="Our values" tone="alt">
        <CardGrid>
          <FeatureCard title="Innovation">
            <p>We adopt new technology when it makes our clients’ work better.</p>
          </FeatureCard>
          <FeatureCard title="Reliability">
            <p>Systems that work, and a team that answers.</p>
          </FeatureCard>
          <FeatureCard title="Collaboration">
            <p>We work as part of our clients’ teams, not at arm’s length.</p>
          </FeatureCard>
          <FeatureCard title="Excellence">
            <p>Careful engineering and clear documentation in everything we deliver.</p>
          </FeatureCard>
          <FeatureCard title="Adaptability">
            <p>Solutions that change as fleets, routes and businesses change.</p>
          </FeatureCard>
          <FeatureCard title="Global Perspective">
            <p>Experience across Europe and South East Asia, at sea and on shore.</p>
          </FeatureCard>
        </CardGrid>
      </Section>
      <Section title="In numbers">
        <StatList
          stats={[
            { value: '24/7', label: 'Global Support' },
            { value: '100%', label: 'Remote Operations' },
          ]}
        />
      </Section>
    </>
  );
}
