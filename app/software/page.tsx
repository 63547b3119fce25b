import type { Metadata } from 'next';
import { ButtonLink } from '@/components/button-link';
import { ClosingCta } from '@/components/closing-cta';
import { FeatureCard } from '@/components/feature-card';
import { ProcessStep, ProcessSteps } from '@/components/process-steps';
import { CardGrid, Section } from '@/components/section';
import { ServicePage } from '@/components/service-page';
import { ServiceProof } from '@/components/service-proof';
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
      actions={<ButtonLink href={contactHref('/software')}>Contact us</ButtonLink>}
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
        <p>
          <ButtonLink href={contactHref('/software')}>Start your project</ButtonLink>
        </p>
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
      <ServiceProof service="/software" />
      <ClosingCta title="Ready to build?" action="Contact us" as="link" href={contactHref('/software')}>
        Have an idea or a problem to solve? Tell us what you need and we will come back with a plan and an estimate.
      </ClosingCta>
    </ServicePage>
  );
}
