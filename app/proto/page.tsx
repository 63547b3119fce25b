import type { Metadata } from 'next';
import { ButtonLink } from '@/components/button-link';
import { FeatureCard } from '@/components/feature-card';
import { CardGrid, Section } from '@/components/section';
import { ServicePage } from '@/components/service-page';
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
      eyebrow="Services"
      title="Rapid REST API prototyping"
      illustration="proto"
      lead="Test an idea with a real, working API instead of a slide deck. We prototype REST APIs quickly, with the foundations in place to grow them into production."
      actions={<ButtonLink href="/contact" variant="accent">Get more information</ButtonLink>}
    >
      <Section title="Included in every prototype" tone="alt">
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
    </ServicePage>
  );
}
