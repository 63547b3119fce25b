import { faDiagramProject, faHeadset } from '@fortawesome/free-solid-svg-icons';
import type { Metadata } from 'next';
import { ButtonLink } from '@/components/button-link';
import { CtaBanner } from '@/components/cta-banner';
import { FeatureCard } from '@/components/feature-card';
import { FeatureList } from '@/components/feature-list';
import { CardGrid, Section } from '@/components/section';
import { ServicePage } from '@/components/service-page';
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
      lead="Practical AI that saves your team hours every week, running where your data already is. We build private document search and AI agents that take over routine work."
      actions={<ButtonLink href={contactHref('/ai')} variant="accent">Get started</ButtonLink>}
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
      </Section>
      <Section title="AI agents" intro="Agents that handle the repetitive parts of your day and hand over to people when it matters.">
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
      <CtaBanner title="See what AI can do for your business" linkText="Contact us" href={contactHref('/ai')}>
        We will look at your processes with you and show where automation pays off first.
      </CtaBanner>
      <Section
        title="Questions about AI automation?"
        align="center"
        intro="Describe a task your team repeats every day, and we will tell you how much of it an AI agent could take over."
      >
        <ButtonLink href={contactHref('/ai')}>Contact us</ButtonLink>
      </Section>
    </ServicePage>
  );
}
