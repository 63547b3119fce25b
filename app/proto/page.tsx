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
    title: 'Rapid REST API Prototyping: CRUD, Swagger, Security | NPTS',
    description:
      'A working REST API prototype in days: CRUD endpoints, Swagger documentation and security from the start.',
    path: '/proto',
  });
}

export default function RapidPrototypingPage() {
  return (
    <ServicePage
      service="/proto"
      eyebrow="Services"
      title="Rapid REST API prototyping"
      illustration="proto"
      lead="Test an idea with a real, working API instead of a slide deck. We prototype REST APIs quickly, with the foundations in place to grow them into production."
      actions={<ButtonLink href={contactHref('/proto')}>Get more information</ButtonLink>}
    >
      <Section sheet title="Included in every prototype" tone="alt">
        <CardGrid>
          <FeatureCard title="CRUD endpoints">
            <p>Create, read, update and delete operations for your data model, ready to call.</p>
          </FeatureCard>
          <FeatureCard title="Swagger documentation">
            <p>Interactive OpenAPI documentation so your team and partners can try the API at once.</p>
          </FeatureCard>
          <FeatureCard title="Security">
            <p>Authentication, input validation and sensible defaults from the first version.</p>
          </FeatureCard>
        </CardGrid>
      </Section>
      <ServiceProof service="/proto" />
      <Section sheet title="From idea to working API" intro="A short, fixed scope with something your team can call at the end of it.">
        <ProcessSteps>
          <ProcessStep title="Agree the model">
            <p>We define the resources, fields and rules of your API with you in a single working session.</p>
          </ProcessStep>
          <ProcessStep title="Build and document">
            <p>Endpoints, validation and Swagger documentation, deployed where your team and partners can try them.</p>
          </ProcessStep>
          <ProcessStep title="Test and decide">
            <p>Your developers build against a real API. Keep it, extend it into production, or change course cheaply.</p>
          </ProcessStep>
        </ProcessSteps>
      </Section>
      <Section sheet title="When a prototype pays off" tone="alt">
        <FeatureList
          items={[
            {
              icon: 'code-branch',
              title: 'Front end and back end in parallel',
              text: 'Web and mobile teams start on a working API instead of waiting for the final one.',
            },
            {
              icon: 'plug',
              title: 'Partner integrations',
              text: 'Show partners exactly what you will offer, with documentation they can read and call.',
            },
            {
              icon: 'flask',
              title: 'Ideas that need proof',
              text: 'Check that a product or process works with real data before committing a full budget to it.',
            },
          ]}
        />
      </Section>
      <ClosingCta title="Have an API in mind?" action="Get more information" href={contactHref('/proto')}>
        Tell us what your API should do and who will use it; we will tell you how quickly we can have a prototype running.
      </ClosingCta>
    </ServicePage>
  );
}
