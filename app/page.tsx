import type { Metadata } from 'next';
import { ButtonLink } from '@/components/button-link';
import { FeatureCard } from '@/components/feature-card';
import { type HeroSlide, HeroCarousel } from '@/components/hero-carousel';
import { CardGrid, Section } from '@/components/section';
import { pageMetadata } from '@/lib/metadata';
import { site } from '@/lib/site';

export function generateMetadata(): Metadata {
  return pageMetadata({ title: site.title, description: site.description, path: '/' });
}

const slides: readonly HeroSlide[] = [
  {
    image: { src: '/illustrations/hero-vessel.svg', width: 1600, height: 600 },
    alt: 'A cargo vessel at sea keeping a data link to a communications satellite, with an offshore rig on the horizon',
    title: site.name,
    description:
      'A remote-first IT company registered in Bulgaria, with over 50 years of combined experience. We keep vessels, rigs and offices connected across Europe and South East Asia, from satellite and 4/5G links to onboard IT.',
    buttonText: 'Get Started',
    href: '/contact',
  },
  {
    image: { src: '/illustrations/hero-software.svg', width: 1600, height: 600 },
    alt: 'A code editor, a web application dashboard and a mobile app shown side by side',
    title: 'Custom Software Solutions',
    description:
      'Web, desktop and mobile applications built around the way your business works, taken from discovery and design through development to delivery.',
    buttonText: 'Learn More',
    href: '/contact',
  },
  {
    image: { src: '/illustrations/hero-ai.svg', width: 1600, height: 600 },
    alt: 'A processor at the centre of a network of connected nodes',
    title: 'AI-Powered Innovation',
    description:
      'AI automation that takes routine work off your team: agents for support and workflows, document search in plain language with automatic summaries, and forecasts from your own data.',
    buttonText: 'Discover More',
    href: '/contact',
  },
];

export default function HomePage() {
  return (
    <>
      <HeroCarousel heading="Remote-first IT for sea and shore" slides={slides} />
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
