import type { Metadata } from 'next';
import { ButtonLink } from '@/components/button-link';
import { ClosingCta } from '@/components/closing-cta';
import { FeatureCard } from '@/components/feature-card';
import { type HeroSlide, HeroCarousel } from '@/components/hero-carousel';
import { Checklist, FeatureSplit } from '@/components/feature-split';
import { References } from '@/components/references';
import { LatestResults } from '@/components/results';
import { CardGrid, Section } from '@/components/section';
import { StatList } from '@/components/stat-list';
import { contactHref } from '@/lib/attribution';
import { inlineSvg } from '@/lib/inline-image';
import { pageMetadata } from '@/lib/metadata';
import { site } from '@/lib/site';

export function generateMetadata(): Metadata {
  return pageMetadata({ title: site.title, description: site.description, path: '/' });
}

const slides: readonly HeroSlide[] = [
  {
    // The first screen's picture, in the HTML itself so that it paints in the first frame.
    image: { src: inlineSvg('/illustrations/hero-vessel.svg'), width: 1600, height: 600 },
    alt: 'A cargo vessel at sea keeping a data link to a communications satellite, with an offshore rig on the horizon',
    title: site.name,
    description:
      'One team for the links, networks and IT that keep vessels, rigs and offices connected across Europe and South East Asia, from satellite and 4/5G to the systems on board.',
    buttonText: 'Get Started',
    href: contactHref('/'),
  },
  {
    image: { src: '/illustrations/hero-software.svg', width: 1600, height: 600 },
    alt: 'A code editor, a web application dashboard and a mobile app shown side by side',
    title: 'Custom Software Solutions',
    description:
      'Web, desktop and mobile applications built around the way your business works, taken from discovery and design through development to delivery.',
    buttonText: 'Learn More',
    href: contactHref('/'),
    more: { label: 'Software development', href: '/software' },
  },
  {
    image: { src: '/illustrations/hero-ai.svg', width: 1600, height: 600 },
    alt: 'A processor at the centre of a network of connected nodes',
    title: 'AI-Powered Innovation',
    description:
      'AI automation that takes routine work off your team: agents for support and workflows, document search in plain language with automatic summaries, and forecasts from your own data.',
    buttonText: 'Discover More',
    href: contactHref('/'),
    more: { label: 'AI automation', href: '/ai' },
  },
];

export default function HomePage() {
  return (
    <>
      <HeroCarousel heading="Remote-first IT for sea and shore" slides={slides} />
      <Section title="AI-powered solutions" intro="Automation that takes routine work off your team and turns data into decisions.">
        <CardGrid>
          <FeatureCard title="Process automation" href="/ai">
            <p>AI agents that handle repetitive tasks and keep workflows moving.</p>
          </FeatureCard>
          <FeatureCard title="Predictive analytics" href="/ai">
            <p>Forecasts from your own data to plan maintenance, capacity and costs.</p>
          </FeatureCard>
          <FeatureCard title="Smart security" href="/ai">
            <p>Monitoring that spots unusual activity early and alerts the right people.</p>
          </FeatureCard>
        </CardGrid>
      </Section>
      <Section title="Custom software" tone="alt" intro="Software shaped around the way your business works, not the other way round.">
        <FeatureSplit illustration="software">
          <Checklist
            items={[
              'Web, desktop and mobile applications from one team.',
              'Four clear steps: discovery, design, development and delivery.',
              'Support and new features after launch.',
            ]}
          />
          <ButtonLink href="/software" variant="secondary">Custom software development</ButtonLink>
        </FeatureSplit>
      </Section>
      <Section title="Vessel and rig IT" intro="Everything that keeps a vessel or rig connected and its systems running, handled remotely around the clock.">
        <FeatureSplit illustration="coms" reverse>
          <Checklist
            items={[
              'Satellite (VSAT) and 4/5G links, including near-shore 4/5G data.',
              'Onboard networks with secure VPN links to the office.',
              '24/7 remote support, maintenance and continuous backups of vessel servers.',
            ]}
          />
          <ButtonLink href="/vrit" variant="secondary">Vessel and rig IT management</ButtonLink>
        </FeatureSplit>
      </Section>
      <Section title="API modernisation" tone="alt" intro="Open up the data in older systems to new applications, partners and automation.">
        <FeatureSplit illustration="rest">
          <Checklist
            items={[
              'A secure, documented REST API in front of a legacy database, with no big-bang migration.',
              'Rapid REST API prototypes with CRUD endpoints, Swagger documentation and security built in.',
            ]}
          />
          <ButtonLink href="/proto" variant="secondary">Rapid REST API prototyping</ButtonLink>
        </FeatureSplit>
      </Section>
      <Section title="Why NPTS" align="center" intro="A remote-first IT company registered in Bulgaria, serving Europe and South East Asia.">
        <StatList
          stats={[
            { value: '50+', label: 'Years of Combined Experience' },
            { value: '24/7', label: 'Global Support' },
            { value: '100%', label: 'Remote Operations' },
          ]}
        />
        <References compact />
      </Section>
      <LatestResults />
      <ClosingCta title="Tell us what you need" action="Contact us" href={contactHref('/')}>
        A link for one vessel, the IT of a whole fleet or a new application for the office: describe it in a few lines
        and we will propose how to do it.
      </ClosingCta>
    </>
  );
}
