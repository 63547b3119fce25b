import type { Metadata } from 'next';
import { ButtonLink } from '@/components/button-link';
import { ClosingCta } from '@/components/closing-cta';
import { FeatureCard } from '@/components/feature-card';
import { FeatureList } from '@/components/feature-list';
import { ProcessStep, ProcessSteps } from '@/components/process-steps';
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
      service="/ai"
      eyebrow="Services"
      title="AI automation"
      illustration="ai"
      lead="Practical AI that takes over the routine part of your team’s work, running where your data already is. We build private document search, AI agents that take over repetitive tasks, and forecasts and alerts from your own data."
      actions={<ButtonLink href={contactHref('/ai')}>Get started</ButtonLink>}
    >
      <Section sheet title="Local AI document hub" tone="alt" intro="Your manuals, contracts and reports, searchable in plain language, on infrastructure you control.">
        <CardGrid>
          <FeatureCard title="Natural-language search">
            <p>
              Ask a question the way you would ask a colleague, such as which filter a pump takes or what a contract
              says about notice, and get the passage that answers it, with a link to its document.
            </p>
          </FeatureCard>
          <FeatureCard title="Automatic summaries">
            <p>
              Long reports, manuals and contracts condensed into the points that matter, each point traced to its page,
              so a reader can tell whether the full text needs reading.
            </p>
          </FeatureCard>
          <FeatureCard title="Private by design">
            <p>
              The hub runs on your own servers or in your own cloud, so no document is sent to an outside AI service, and
              each person finds only what their existing access rights allow.
            </p>
          </FeatureCard>
          <FeatureCard title="Kept current">
            <p>
              New and changed files in the folders you choose are read in as they arrive, so answers come from the
              latest revision of a document, not from last year’s copy.
            </p>
          </FeatureCard>
        </CardGrid>
      </Section>
      <Section sheet title="Process automation with AI agents" intro="Agents that handle the repetitive parts of your day and hand over to people when it matters.">
        <FeatureList
          items={[
            {
              icon: 'headset',
              title: 'Customer support',
              text: 'Answers common questions around the clock from your own knowledge base and past replies, and passes whatever it cannot or should not answer to a person, with the conversation so far.',
            },
            {
              icon: 'diagram-project',
              title: 'Workflows',
              text: 'Reads incoming requests, orders and forms, fills in the records in your systems, and moves each case on to the next step or to the right person.',
            },
            {
              icon: 'user-check',
              title: 'People stay in charge',
              text: 'You decide what an agent may do alone and what waits for approval. Every action is logged with its reason, so it can be checked afterwards.',
            },
          ]}
        />
        <p>
          <ButtonLink href={contactHref('/ai')}>Contact us</ButtonLink>
        </p>
      </Section>
      <Section
        sheet
        title="Predictive analytics"
        tone="alt"
        intro="Forecasts from the data you already collect, so that maintenance, capacity and costs are planned rather than discovered."
      >
        <FeatureList
          layout="rows"
          items={[
            {
              icon: 'chart-line',
              title: 'What it is',
              text: 'Models trained on your own records, such as sensor readings, maintenance logs and usage, that show where a trend is heading while there is still time to act.',
            },
            {
              icon: 'users',
              title: 'Who it is for',
              text: 'Technical and fleet managers who plan maintenance, and the office teams who plan capacity and budgets.',
            },
            {
              icon: 'lightbulb',
              title: 'For example',
              text: 'Vibration readings and service history show a pump wearing faster than the others, so the part is ordered and fitted at the next port call instead of after a breakdown at sea.',
            },
          ]}
        />
      </Section>
      <Section sheet title="Smart security" intro="Monitoring that learns what normal looks like on your networks and tells the right people when something changes.">
        <FeatureList
          items={[
            {
              icon: 'shield-halved',
              title: 'What it is',
              text: 'Monitoring of logins, devices and network traffic that learns the usual patterns of your vessels and offices and flags what departs from them.',
            },
            {
              icon: 'users',
              title: 'Who it is for',
              text: 'IT and security teams responsible for ships, rigs and offices they cannot watch in person.',
            },
            {
              icon: 'bell',
              title: 'For example',
              text: 'A laptop on board starts scanning the network in the middle of the night. The alert reaches your IT team with the device and what it did, and the device can be cut off remotely.',
            },
          ]}
        />
      </Section>
      <ServiceProof service="/ai" />
      <Section sheet title="From one task to daily use" tone="alt" intro="One task first, tried on your real data; the work widens only once it has shown its worth.">
        <ProcessSteps>
          <ProcessStep title="Choose the task">
            <p>A job worth automating, such as a question answered daily or a report made by hand, and how to tell that it works.</p>
          </ProcessStep>
          <ProcessStep title="Try it on your data">
            <p>A trial on a sample of your documents or records, on your own infrastructure, used and judged by your staff.</p>
          </ProcessStep>
          <ProcessStep title="Build and connect">
            <p>The full system, linked to your files, mailboxes or business systems, with the access rights and approvals agreed.</p>
          </ProcessStep>
          <ProcessStep title="Run and refine">
            <p>In daily use, we follow what it answers and does, and correct what goes wrong.</p>
          </ProcessStep>
        </ProcessSteps>
        <p>
          <ButtonLink href={contactHref('/ai')}>Get started</ButtonLink>
        </p>
      </Section>
      <Section sheet title="What the project needs from you">
        <FeatureList
          layout="rows"
          items={[
            {
              icon: 'database',
              title: 'The data',
              text: 'The documents, records or logs the task depends on, or access to where they are kept, and word of anything that must not leave your premises.',
            },
            {
              icon: 'user-gear',
              title: 'Someone who does the work',
              text: 'A person who does the task today, to show us how it is really done and to judge what the trial produces.',
            },
            {
              icon: 'server',
              title: 'Somewhere to run it',
              text: 'A server or cloud account of yours, or a decision on where the system should live. We say what it needs before the trial starts.',
            },
            {
              icon: 'scale-balanced',
              title: 'The rules',
              text: 'Who may see which documents, which actions need a person’s approval, and which decisions are never handed to a machine.',
            },
          ]}
        />
      </Section>
      <Section sheet title="What you have at the end, and after" tone="alt">
        <FeatureList
          items={[
            {
              icon: 'server',
              title: 'On your infrastructure',
              text: 'The system runs under your accounts, with its configuration and the scripts to install it again, so it does not depend on a service of ours.',
            },
            {
              icon: 'book-open',
              title: 'Documentation',
              text: 'What the system reads, what it may do, how to add documents or change a rule, and how to switch it off.',
            },
            {
              icon: 'chart-column',
              title: 'Measured, not assumed',
              text: 'The measures agreed at the start, such as questions answered or cases handled, counted from the system’s own logs, so you can judge whether it pays.',
            },
            {
              icon: 'life-ring',
              title: 'Support and updates',
              text: 'Fixes, updates to the models and software underneath, and changes to the setup as your documents, systems and processes change.',
            },
          ]}
        />
      </Section>
      <ClosingCta title="See what AI can do for your business" action="Contact us" href={contactHref('/ai')}>
        Describe a task your team repeats every day: we will look at your processes with you and show where automation
        pays off first.
      </ClosingCta>
    </ServicePage>
  );
}
