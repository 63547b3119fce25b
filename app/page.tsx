import type { Metadata } from 'next';
import { ButtonLink } from '@/components/button-link';
import { FeatureCard } from '@/components/feature-card';
import { PageHero } from '@/components/page-hero';
import { CardGrid, Section } from '@/components/section';
import { pageMetadata } from '@/lib/metadata';
import { site } from '@/lib/site';

export function generateMetadata(): Metadata {
  return pageMetadata({ title: site.title, description: site.description, path: '/' });
}

export default function HomePage() {
  return (
    <>
      <PageHero
        eyebrow="Remote-first IT for sea and shore"
        title={site.name}
        lead="Connectivity, onboard IT and custom software for shipping companies, vessel and rig operators and businesses across Europe and South East Asia."
      >
        <ButtonLink href="/contact" variant="accent">Get Started</ButtonLink>
      </PageHero>
      <Section title="AI-powered solutions" intro="Automation that takes routine work off your team and turns data into decisions.">
        <CardGrid>
          <FeatureCard title="Process Automation" href="/ai">
            <p>AI agents that handle repetitive tasks and keep workflows moving.</p>
          </FeatureCard>
          <FeatureCard title="Predictive Analytics" href="/ai">
            <p>Forecasts from your own data to plan maintenance, capacity and costs.</p>
          </FeatureCard>
          <FeatureCard title="Smart Security" href="/ai">
            <p>Monitoring that spots unusual activity early and alerts the right people.</p>
          </FeatureCard>
        </CardGrid>
      </Section>
      <Section title="Custom software" tone="alt" intro="Web, desktop and mobile applications built around your business, from discovery to delivery.">
        <ButtonLink href="/software" variant="secondary">Software development</ButtonLink>
      </Section>
      <Section title="Vessel and rig IT" intro="Satellite and 4/5G links, onboard networks and 24/7 remote IT management for vessels and rigs.">
        <ButtonLink href="/vrit" variant="secondary">Vessel / rig IT management</ButtonLink>
      </Section>
      <Section title="API modernisation" tone="alt" intro="Give legacy systems a modern REST API, or prototype a new one in days.">
        <ButtonLink href="/proto" variant="secondary">Rapid API prototyping</ButtonLink>
      </Section>
    </>
  );
}
