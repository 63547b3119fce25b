import type { Metadata } from 'next';
import { ButtonLink } from '@/components/button-link';
import { ClosingCta } from '@/components/closing-cta';
import { FeatureCard } from '@/components/feature-card';
import { PageHero } from '@/components/page-hero';
import { CardGrid, Section } from '@/components/section';
import { contactHref } from '@/lib/attribution';
import { pageMetadata } from '@/lib/metadata';

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: 'Services: Maritime IT, Software and AI | NPTS',
    description:
      'All NPTS services in one place: vessel and rig communication, onboard networks, IT management, custom software, REST APIs, AI automation and IT consulting.',
    path: '/services',
  });
}

export default function ServicesPage() {
  return (
    <>
      <PageHero
        eyebrow="Services"
        title="What we do"
        lead="From the satellite link on a vessel to the software in your office: one remote-first team for connectivity, IT, software and AI."
      >
        <ButtonLink href={contactHref('/services')}>Contact us</ButtonLink>
      </PageHero>
      <Section title="Vessel / Rig IT" tone="alt">
        <CardGrid>
          {/* Under the short opening band, this picture is the largest paint on a phone. */}
          <FeatureCard title="Communication" href="/coms" illustration="coms" priority>
            <p>VSAT satellite and 4/5G links, including near-shore 4/5G data.</p>
          </FeatureCard>
          <FeatureCard title="Onboard networks" href="/network" illustration="network">
            <p>Onboard networks with secure VPN links between vessels or rigs and the office.</p>
          </FeatureCard>
          <FeatureCard title="IT management" href="/vrit" illustration="vrit">
            <p>24/7 remote support, maintenance and continuous backups of vessel servers.</p>
          </FeatureCard>
        </CardGrid>
      </Section>
      <Section title="Software, APIs and AI">
        <CardGrid>
          <FeatureCard title="Software development" href="/software" illustration="software">
            <p>Multi-platform applications for web, desktop and mobile.</p>
          </FeatureCard>
          <FeatureCard title="Legacy to REST API" href="/rest" illustration="rest">
            <p>A modern REST API in front of your legacy database.</p>
          </FeatureCard>
          <FeatureCard title="Rapid REST API prototyping" href="/proto" illustration="proto">
            <p>CRUD, Swagger documentation and security, in days.</p>
          </FeatureCard>
          <FeatureCard title="AI automation" href="/ai" illustration="ai">
            <p>A local AI document hub and AI agents for support and workflows.</p>
          </FeatureCard>
          <FeatureCard title="IT consulting" href="/consulting" illustration="consulting">
            <p>Support, architecture, security and change management.</p>
          </FeatureCard>
        </CardGrid>
      </Section>
      <ClosingCta title="Not sure which service you need?" action="Contact us" href={contactHref('/services')}>
        Describe what you want to solve, at sea or in the office, and we will tell you which of our services fits, or
        put together the mix you need.
      </ClosingCta>
    </>
  );
}
