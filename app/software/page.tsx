import type { Metadata } from 'next';
import { ButtonLink } from '@/components/button-link';
import { CtaBanner } from '@/components/cta-banner';
import { FeatureCard } from '@/components/feature-card';
import { ProcessStep, ProcessSteps } from '@/components/process-steps';
import { CardGrid, Section } from '@/components/section';
import { ServicePage } from '@/components/service-page';
import { contactHref } from '@/lib/attribution';
import { pageMetadata } from '@/lib/metadata';

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: 'Custom Software Development: Web, Desktop, Mobile | NPTS',
    description:
      'Custom software for web, desktop and mobile, built in four clear steps: discovery, design, development and delivery.',
    path: '/software',
  });
}

export default function SoftwareDevelopmentPage() {
  return (
    <ServicePage
      eyebrow="Services"
      title="Custom software development"
      illustration="software"
      lead="Software shaped around your business, not the other way round. We build multi-platform applications for the web, the desktop and mobile devices, and support them after launch."
      actions={<ButtonLink href={contactHref('/software')} variant="accent">Start your project</ButtonLink>}
    >
      <Section title="One product, every platform" tone="alt">
        <CardGrid>
          <FeatureCard title="Web">
            <p>Fast, secure web applications and portals for customers, partners and staff.</p>
          </FeatureCard>
          <FeatureCard title="Desktop">
            <p>Dependable desktop tools for the office, the bridge or the control room.</p>
          </FeatureCard>
          <FeatureCard title="Mobile">
            <p>Mobile apps that work in the field, online or off.</p>
          </FeatureCard>
        </CardGrid>
      </Section>
      <Section title="How we work" intro="Four steps, each ending with something you can see and approve.">
        <ProcessSteps>
          <ProcessStep title="Discovery">
            <p>We learn your goals, users and constraints and agree on what success looks like.</p>
          </ProcessStep>
          <ProcessStep title="Design">
            <p>Architecture and screens designed and reviewed with you before code is written.</p>
          </ProcessStep>
          <ProcessStep title="Development">
            <p>Built in short iterations with regular demos, tests and transparent progress.</p>
          </ProcessStep>
          <ProcessStep title="Delivery">
            <p>Deployed, documented and handed over, with support for what comes next.</p>
          </ProcessStep>
        </ProcessSteps>
      </Section>
      <Section title="Have an idea or a problem to solve?" align="center" tone="alt">
        <ButtonLink href={contactHref('/software')}>Contact us</ButtonLink>
      </Section>
      <CtaBanner title="Ready to build?" linkText="Contact us" href={contactHref('/software')}>
        Tell us what you need and we will come back with a plan and an estimate.
      </CtaBanner>
    </ServicePage>
  );
}
