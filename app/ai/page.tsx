import {
  faBell,
  faChartLine,
  faDiagramProject,
  faHeadset,
  faLightbulb,
  faShieldHalved,
  faUsers,
} from '@fortawesome/free-solid-svg-icons';
import type { Metadata } from 'next';
import { ButtonLink } from '@/components/button-link';
import { ClosingCta } from '@/components/closing-cta';
import { FeatureCard } from '@/components/feature-card';
import { FeatureList } from '@/components/feature-list';
import { CardGrid, Section } from '@/components/section';
import { ServicePage } from '@/components/service-page';
import { ServiceProof } from '@/components/service-proof';
import { contactHref } from '@/lib/attribution';
import { pageMetadata } from '@/lib/metadata';

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: 'AI Automation: Local Document Hub and AI Agents | NPTS',
    description:
      'Put AI to work on your terms: a local AI document hub with natural-language search and automatic summaries, and AI agents for customer support and workflows.',
    path: '/ai',
  });
}

export default function AiAutomationPage() {
  return (
    <ServicePage
      eyebrow="Services"
      title="AI automation"
      illustration="ai"
      lead="Practical AI that takes routine work off your team, running where your data already is. We build private document search, AI agents that take over repetitive tasks, and forecasts and alerts from your own data."
      actions={<ButtonLink href={contactHref('/ai')}>Get started</ButtonLink>}
    >
      <Section title="Local AI document hub" tone="alt" intro="Your manuals, contracts and reports, searchable in plain language, on infrastructure you control.">
        <CardGrid>
          <FeatureCard title="Natural-language search">
            <p>Ask a question the way you would ask a colleague and get the passage that answers it.</p>
          </FeatureCard>
          <FeatureCard title="Automatic summaries">
            <p>Long documents condensed into the points that matter, ready to read or share.</p>
          </FeatureCard>
          <FeatureCard title="Private by design">
            <p>Runs locally, so sensitive documents never leave your environment.</p>
          </FeatureCard>
        </CardGrid>
        <p>
          <ButtonLink href={contactHref('/ai')}>Contact us</ButtonLink>
        </p>
      </Section>
      <Section title="Process automation with AI agents" intro="Agents that handle the repetitive parts of your day and hand over to people when it matters.">
        <FeatureList
          items={[
            { icon: faHeadset, title: 'Customer support', text: 'Answers common questions around the clock, from your own knowledge base.' },
            { icon: faDiagramProject, title: 'Workflows', text: 'Routes requests, fills in records and keeps processes moving between your systems.' },
          ]}
        />
        <p>
          <ButtonLink href={contactHref('/ai')}>Get started</ButtonLink>
        </p>
      </Section>
      <Section
        title="Predictive analytics"
        tone="alt"
        intro="Forecasts from the data you already collect, so that maintenance, capacity and costs are planned rather than discovered."
      >
        <FeatureList
          items={[
            {
              icon: faChartLine,
              title: 'What it is',
              text: 'Models trained on your own records, such as sensor readings, maintenance logs and usage, that show where a trend is heading while there is still time to act.',
            },
            {
              icon: faUsers,
              title: 'Who it is for',
              text: 'Technical and fleet managers who plan maintenance, and the office teams who plan capacity and budgets.',
            },
            {
              icon: faLightbulb,
              title: 'For example',
              text: 'Vibration readings and service history show a pump wearing faster than the others, so the part is ordered and fitted at the next port call instead of after a breakdown at sea.',
            },
          ]}
        />
      </Section>
      <Section title="Smart security" intro="Monitoring that learns what normal looks like on your networks and tells the right people when something changes.">
        <FeatureList
          items={[
            {
              icon: faShieldHalved,
              title: 'What it is',
              text: 'Monitoring of logins, devices and network traffic that learns the usual patterns of your vessels and offices and flags what departs from them.',
            },
            {
              icon: faUsers,
              title: 'Who it is for',
              text: 'IT and security teams responsible for ships, rigs and offices they cannot watch in person.',
            },
            {
              icon: faBell,
              title: 'For example',
              text: 'A laptop on board starts scanning the network in the middle of the night. The alert reaches your IT team with the device and what it did, and the device can be cut off remotely.',
            },
          ]}
        />
      </Section>
      <ServiceProof service="/ai" />
      <ClosingCta title="See what AI can do for your business" action="Contact us" as="link" href={contactHref('/ai')}>
        Describe a task your team repeats every day: we will look at your processes with you and show where automation
        pays off first.
      </ClosingCta>
    </ServicePage>
  );
}
