import { faCalendarCheck, faLifeRing, faListCheck, faSitemap, faUserShield } from '@fortawesome/free-solid-svg-icons';
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
    title: 'IT Consulting: Support, Architecture and Security | NPTS',
    description:
      'IT consulting from an experienced remote team: remote and on-site support, preventive maintenance, architecture, security and change management.',
    path: '/consulting',
  });
}

export default function ItConsultingPage() {
  return (
    <ServicePage
      eyebrow="Services"
      title="IT consulting"
      illustration="consulting"
      lead="Experienced advice and hands-on help for the IT your business depends on. Our consultants bring over 50 years of combined experience to support, architecture and security."
      actions={<ButtonLink href={contactHref('/consulting')}>Get started</ButtonLink>}
    >
      <Section title="How we help" tone="alt">
        <FeatureList
          items={[
            { icon: faLifeRing, title: 'Remote and on-site support', text: 'Help when you need it, from our remote team or on site.' },
            { icon: faCalendarCheck, title: 'Preventive maintenance', text: 'Regular checks and updates that stop problems before they stop you.' },
            { icon: faSitemap, title: 'Network and system architecture', text: 'Infrastructure designed to be reliable, secure and ready to grow.' },
            { icon: faUserShield, title: 'Security management', text: 'Risks assessed, systems hardened and access kept under control.' },
            { icon: faListCheck, title: 'Change management', text: 'Upgrades and migrations planned and carried out without disrupting your work.' },
          ]}
        />
        <p>
          <ButtonLink href={contactHref('/consulting')}>Contact us</ButtonLink>
        </p>
      </Section>
      <Section title="One-off or ongoing" intro="Whether it is a one-off review or ongoing support, the first conversation is about your situation, not our sales pitch.">
        <CardGrid>
          <FeatureCard title="A review">
            <p>We look at your network, systems and security and tell you in writing what to fix first, and why.</p>
          </FeatureCard>
          <FeatureCard title="A project">
            <p>An upgrade, a migration or a new system, planned with you and carried out without stopping your work.</p>
          </FeatureCard>
          <FeatureCard title="Ongoing support">
            <p>A remote team that knows your systems: maintenance on a schedule, and help when something breaks.</p>
          </FeatureCard>
        </CardGrid>
        <p>
          <ButtonLink href={contactHref('/consulting')}>Get started</ButtonLink>
        </p>
      </Section>
      <Section title="How an engagement starts" tone="alt">
        <ProcessSteps>
          <ProcessStep title="A first conversation">
            <p>You tell us what is on your mind; a short call is often enough to see the way forward.</p>
          </ProcessStep>
          <ProcessStep title="A look at your systems">
            <p>Remotely where we can, on site where we must, with the people who run them.</p>
          </ProcessStep>
          <ProcessStep title="A plan you can act on">
            <p>What to do, in what order and at what cost, for your team or ours to carry out.</p>
          </ProcessStep>
        </ProcessSteps>
      </Section>
      <ServiceProof service="/consulting" />
      <ClosingCta title="Need a second opinion on your IT?" action="Contact us" as="link" href={contactHref('/consulting')}>
        Tell us what is on your mind, and talk to a consultant about a one-off review or ongoing support.
      </ClosingCta>
    </ServicePage>
  );
}
