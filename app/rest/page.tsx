import type { Metadata } from 'next';
import { ButtonLink } from '@/components/button-link';
import { ClosingCta } from '@/components/closing-cta';
import { FeatureCard } from '@/components/feature-card';
import { ProcessStep, ProcessSteps } from '@/components/process-steps';
import { CardGrid, Section } from '@/components/section';
import { ServicePage } from '@/components/service-page';
import { ServiceProof } from '@/components/service-proof';
import { Testimonial } from '@/components/testimonial';
import { contactHref } from '@/lib/attribution';
import { pageMetadata } from '@/lib/metadata';
import { content } from '@/lib/content';

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: 'Legacy Database to REST API Conversion | NPTS',
    description:
      'Turn a legacy database into a secure, documented REST API, so new applications and partners can use your data without replacing the system behind it.',
    path: '/rest',
  });
}

export default function LegacyToRestPage() {
  return (
    <ServicePage
      service="/rest"
      eyebrow="Services"
      title="From legacy database to REST API"
      illustration="rest"
      actions={<ButtonLink href={contactHref('/rest')}>Contact us</ButtonLink>}
      lead="Your data is valuable, but locked in an older system. We put a modern REST API in front of the legacy database, so web and mobile apps, partners and automation can use it safely, while the system behind it keeps running."
    >
      <Section sheet title="What you get" tone="alt">
        <CardGrid>
          <FeatureCard title="A clean, documented API">
            <p>Clear resources and endpoints over your existing tables, documented for the teams that use them.</p>
          </FeatureCard>
          <FeatureCard title="No big-bang migration">
            <p>The legacy system stays in place; new software is built against the API step by step.</p>
          </FeatureCard>
          <FeatureCard title="Security built in">
            <p>Authentication, access control and validation on every call.</p>
          </FeatureCard>
        </CardGrid>
      </Section>
      <ServiceProof service="/rest" />
      <Section sheet title="How we get there" intro="A conversion is planned in small, reversible steps, so your business keeps running on the old system until the new one has proved itself.">
        <ProcessSteps>
          <ProcessStep title="Assess">
            <p>We study the database, the applications that use it and the data your new systems need.</p>
          </ProcessStep>
          <ProcessStep title="Design the API">
            <p>Resources, endpoints and access rules agreed with you and published as an OpenAPI specification.</p>
          </ProcessStep>
          <ProcessStep title="Build and secure">
            <p>The API is built in front of the live database and tested against real data and real use.</p>
          </ProcessStep>
          <ProcessStep title="Connect and grow">
            <p>New applications move onto the API one at a time; the legacy system can be retired when you are ready.</p>
          </ProcessStep>
        </ProcessSteps>
      </Section>
      <Section title="What our clients say" tone="alt">
        <Testimonial {...content.testimonial} />
      </Section>
      <ClosingCta title="Unlock your data" action="Contact us" href={contactHref('/rest')}>
        Tell us about your database and what you want to connect to it.
      </ClosingCta>
    </ServicePage>
  );
}
