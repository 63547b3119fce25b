import { faCalendarCheck, faLifeRing, faListCheck, faSitemap, faUserShield } from '@fortawesome/free-solid-svg-icons';
import type { Metadata } from 'next';
import { ButtonLink } from '@/components/button-link';
import { CtaBanner } from '@/components/cta-banner';
import { FeatureList } from '@/components/feature-list';
import { Section } from '@/components/section';
import { ServicePage } from '@/components/service-page';
import { contactHref } from '@/lib/attribution';
import { pageMetadata } from '@/lib/metadata';

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: 'IT Consulting: Support, Architecture and Security | NPTS',
    description:
      'IT consulting from over 50 years of combined experience: remote and on-site support, preventive maintenance, architecture, security and change management.',
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
      actions={<ButtonLink href={contactHref('/consulting')} variant="accent">Get started</ButtonLink>}
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
          <ButtonLink href={contactHref('/consulting')}>Get started</ButtonLink>
        </p>
      </Section>
      <CtaBanner title="Need a second opinion on your IT?" linkText="Contact us" href={contactHref('/consulting')}>
        Tell us what is on your mind; a short call is often enough to see the way forward.
      </CtaBanner>
      <Section
        title="Talk to a consultant"
        align="center"
        intro="Whether it is a one-off review or ongoing support, the first conversation is about your situation, not our sales pitch."
      >
        <ButtonLink href={contactHref('/consulting')}>Contact us</ButtonLink>
      </Section>
    </ServicePage>
  );
}
