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
    title: 'Onboard Networks and VPN Links for Vessels & Rigs | NPTS',
    description:
      'Secure onboard networks for vessels and rigs, with VPN links between every vessel or rig and your office, designed and maintained remotely by NPTS.',
    path: '/network',
  });
}

export default function OnboardNetworksPage() {
  return (
    <ServicePage
      eyebrow="Vessel / Rig IT"
      title="Onboard networks"
      illustration="network"
      actions={<ButtonLink href={contactHref('/network')}>Contact us</ButtonLink>}
      lead="A well-built network is what makes every other system on board work. We design, install and maintain onboard networks that keep operational, crew and guest traffic apart and link each vessel or rig securely to your office."
    >
      <Section title="What we build">
        <CardGrid>
          <FeatureCard title="Structured onboard networks">
            <p>
              Switching, Wi-Fi and segmentation planned for steel hulls and rig decks, with separate networks
              for operations, crew and guests.
            </p>
          </FeatureCard>
          <FeatureCard title="VPN links to the office">
            <p>
              Encrypted VPN links between vessels or rigs and the office, so shore staff reach onboard
              systems as if they were in the next room.
            </p>
          </FeatureCard>
          <FeatureCard title="Monitoring and support">
            <p>
              Remote monitoring of every link and device, with our team ready to fix problems before the
              crew notices them.
            </p>
          </FeatureCard>
        </CardGrid>
      </Section>
      <Section title="How a project runs" tone="alt" intro="Most of the work happens remotely; we plan it around port calls and crew changes so operations are never interrupted.">
        <ProcessSteps>
          <ProcessStep title="Survey">
            <p>We map the systems, cabling and equipment already on board and agree what has to connect to what.</p>
          </ProcessStep>
          <ProcessStep title="Design">
            <p>Network segments, Wi-Fi coverage, firewall rules and VPN links, documented before anything changes.</p>
          </ProcessStep>
          <ProcessStep title="Installation and handover">
            <p>Equipment configured and tested, then handed over with clear documentation for your crew and office.</p>
          </ProcessStep>
        </ProcessSteps>
      </Section>
      <ServiceProof service="/network" />
      <ClosingCta title="Plan your onboard network" action="Contact us" href={contactHref('/network')}>
        Send us your vessel or rig layout and what has to connect; we will design the network around it.
      </ClosingCta>
    </ServicePage>
  );
}
