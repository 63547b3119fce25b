import type { Metadata } from 'next';
import { ButtonLink } from '@/components/button-link';
import { ClosingCta } from '@/components/closing-cta';
import { FeatureCard } from '@/components/feature-card';
import { FeatureList } from '@/components/feature-list';
import { PageHero } from '@/components/page-hero';
import { People } from '@/components/people';
import { References } from '@/components/references';
import { LatestResults } from '@/components/results';
import { CardGrid, Section } from '@/components/section';
import { StatList } from '@/components/stat-list';
import { TechLogos } from '@/components/tech-logos';
import { contactHref } from '@/lib/attribution';
import { pageMetadata } from '@/lib/metadata';
import { content } from '@/lib/content';
import { site } from '@/lib/site';

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: 'About NPTS: a Remote-First IT Company',
    description:
      'NPTS is a remote-first IT company registered in Bulgaria, serving shipping, offshore and business clients across Europe and South East Asia.',
    path: '/about',
  });
}

export default function AboutPage() {
  return (
    <>
      <PageHero
        eyebrow="About us"
        title="Remote-first, close to every client"
        lead={`${site.name} is an IT company registered in ${content.company.registeredIn}, serving Europe and South East Asia. Our team brings over 50 years of combined experience and works remotely, so expert help reaches a vessel at sea as quickly as an office on shore.`}
      >
        <ButtonLink href={contactHref('/about')}>Contact us</ButtonLink>
      </PageHero>
      <People />
      <Section
        title="Built for clients who never stand still"
        intro="Shipping companies, vessel and rig operators and businesses on shore rarely keep office hours in one time zone. We organised our company around that: no single head office, one team working together online, and support that follows the fleet rather than the clock."
      >
        <CardGrid>
          <FeatureCard title="Remote by design">
            <p>
              Remote first, on site when hands are needed: most of what a vessel, rig or office needs from IT is done
              securely at a distance, with no travel delays and no waiting for an engineer to be flown out.
            </p>
          </FeatureCard>
          <FeatureCard title="At sea and on shore">
            <p>
              We connect and look after vessels and rigs, and we build the software, APIs and automation that run the
              business behind them: one partner from the satellite link to the office application.
            </p>
          </FeatureCard>
          <FeatureCard title="Experience that counts">
            <p>
              Networks, systems, software and support, applied to the constraints of life at sea: limited
              bandwidth, long distances and no room for downtime.
            </p>
          </FeatureCard>
        </CardGrid>
      </Section>
      <Section title="Our mission" tone="alt">
        <CardGrid>
          <FeatureCard title="Keep operations connected">
            <p>Reliable links and networks for vessels, rigs and offices, wherever they are.</p>
          </FeatureCard>
          <FeatureCard title="Make technology simple">
            <p>Software and automation that fit the way our clients already work, not the other way round.</p>
          </FeatureCard>
          <FeatureCard title="Be there around the clock">
            <p>Remote support at any hour, in any time zone, from people who know your systems.</p>
          </FeatureCard>
        </CardGrid>
      </Section>
      <Section title="Our values">
        <FeatureList
          items={[
            { icon: 'lightbulb', title: 'Innovation', text: 'We adopt new technology when it makes our clients’ work better, not because it is new.' },
            { icon: 'shield-halved', title: 'Reliability', text: 'Systems that work, commitments that are kept, and a team that answers.' },
            { icon: 'handshake', title: 'Collaboration', text: 'We work as part of our clients’ teams, not at arm’s length.' },
            { icon: 'award', title: 'Excellence', text: 'Careful engineering and clear documentation in everything we deliver.' },
            { icon: 'arrows-rotate', title: 'Adaptability', text: 'Solutions that change as fleets, routes and businesses change.' },
            { icon: 'earth-europe', title: 'Global perspective', text: 'Experience across Europe and South East Asia, at sea and on shore.' },
          ]}
        />
      </Section>
      <Section title="In numbers" tone="alt">
        <StatList
          stats={[
            { value: '24/7', label: 'Global Support' },
            { value: '100%', label: 'Remote Operations' },
          ]}
        />
      </Section>
      <References />
      <Section
        title="Technologies we work with"
        intro="Proven, well-supported tools that your own team or any future partner can pick up: no lock-in to anything only we understand."
      >
        <TechLogos />
      </Section>
      <LatestResults />
      <ClosingCta title="Work with a team that is always on" action="Contact us" href={contactHref('/about')}>
        Tell us about your fleet, your rig or your project, and we will show you how we would support it.
      </ClosingCta>
    </>
  );
}
