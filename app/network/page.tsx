import type { Metadata } from 'next';
import Link from 'next/link';
import { ButtonLink } from '@/components/button-link';
import { ClosingCta } from '@/components/closing-cta';
import { FeatureCard } from '@/components/feature-card';
import { FeatureList } from '@/components/feature-list';
import { OnboardingTime } from '@/components/onboarding-time';
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
      service="/network"
      eyebrow="Vessel / Rig IT"
      title="Onboard networks"
      illustration="network"
      actions={<ButtonLink href={contactHref('/network')}>Contact us</ButtonLink>}
      lead="A well-built network is what makes every other system on board work. We design, install and maintain onboard networks that keep operational, crew and guest traffic apart and link each vessel or rig securely to your office."
    >
      <Section sheet title="What we build">
        <CardGrid>
          <FeatureCard title="Separate networks">
            <p>
              Bridge and engine-room systems, the ship’s office, crew and guests each get a network of their own, with
              firewall rules deciding what may pass between them. A crew laptop cannot reach navigation or machinery.
            </p>
          </FeatureCard>
          <FeatureCard title="Wi-Fi through steel">
            <p>
              Steel decks and bulkheads stop radio signals, so access points are planned deck by deck from the
              vessel’s real layout, wherever you need a signal.
            </p>
          </FeatureCard>
          <FeatureCard title="VPN links to the office">
            <p>
              Each vessel or rig gets an encrypted tunnel to your office network over whichever link it has up. Shore
              staff reach the onboard systems they are allowed to, such as the planned-maintenance system, and nothing
              else.
            </p>
          </FeatureCard>
          <FeatureCard title="Documents that stay true">
            <p>
              A network diagram, address plan, firewall rules and equipment list, updated with every change we make,
              so the next survey, audit or engineer starts from the facts.
            </p>
          </FeatureCard>
        </CardGrid>
      </Section>
      <ServiceProof service="/network" />
      <Section
        sheet
        title="Run from shore, working offline"
        tone="alt"
        intro="Once the network is in, almost all our work on it is remote, and nothing on board depends on us being connected."
      >
        <FeatureList
          layout="rows"
          items={[
            {
              icon: 'lock',
              title: 'Changes over the VPN',
              text: 'Our engineers reach switches, firewalls and access points through the same encrypted tunnel as your office, each with a personal login. Most changes are planned, recorded and made without anyone on board touching a cable.',
            },
            {
              icon: 'rotate',
              title: 'When the link drops',
              text: 'The tunnel rebuilds itself as soon as any link comes back, satellite or near-shore 4/5G. Planned work waits for a steady connection.',
            },
            {
              icon: 'shield-halved',
              title: 'Protection stays on board',
              text: 'Segments, firewall rules and Wi-Fi settings live in the equipment on board, so they keep the networks apart and protected with no link at all.',
            },
          ]}
        />
      </Section>
      <Section
        sheet
        title="How a project runs"
        intro="Work is planned around port calls and crew changes, and systems move one at a time so that the vessel keeps working."
      >
        <ProcessSteps>
          <ProcessStep title="Survey">
            <p>We map the systems, cabling and equipment on board from your drawings, the crew’s photos and what the devices report.</p>
          </ProcessStep>
          <ProcessStep title="Design">
            <p>Segments, Wi-Fi coverage, firewall rules and VPN links, agreed with your superintendent before anything changes.</p>
          </ProcessStep>
          <ProcessStep title="Installation">
            <p>Equipment configured before it reaches the vessel where possible, fitted in port, and tested segment by segment.</p>
          </ProcessStep>
          <ProcessStep title="Handover">
            <p>The documents go to you, officers and your IT team get a briefing, and monitoring and support begin.</p>
          </ProcessStep>
        </ProcessSteps>
        <OnboardingTime service="/network" />
      </Section>
      <Section sheet title="What you provide" tone="alt">
        <FeatureList
          items={[
            {
              icon: 'folder-open',
              title: 'Drawings and lists',
              text: 'Cable plans, the general arrangement and any equipment list you have. Gaps are expected: the survey fills them.',
            },
            {
              icon: 'key',
              title: 'Access to what is there',
              text: 'Accounts for the existing switches, firewalls and Wi-Fi, and the contacts of makers whose equipment will connect or needs remote access.',
            },
            {
              icon: 'user-gear',
              title: 'Someone on board',
              text: 'An officer who can check a label, move a cable or power a device off and on while our engineer watches.',
            },
            {
              icon: 'building',
              title: 'The office end',
              text: 'A contact in your IT team and a place for the VPN links to arrive: the office firewall or your cloud network.',
            },
          ]}
        />
      </Section>
      <Section
        id="e26"
        title="What E26 and E27 ask of a ship"
        intro="The IACS unified requirements on cyber resilience, and what an onboard network gives an owner towards them."
      >
        <FeatureList
          layout="rows"
          items={[
            {
              icon: 'ship',
              title: 'E26: the ship',
              text: 'Binding on ships whose building contract is signed on or after 1 July 2024, and guidance for older ones. Built around five functions (identify, protect, detect, respond and recover), it asks among other things for an inventory of the computer-based systems on board, security zones whose boundaries control what passes, protected wired and wireless networks, controlled remote access, and plans to respond to an incident and recover from it.',
            },
            {
              icon: 'server',
              title: 'E27: the equipment',
              text: 'The security features a system or a piece of equipment must have itself, shown in its maker’s documents. On a ship under E26, what is added or replaced on board should come with them.',
            },
            {
              icon: 'clipboard-check',
              title: 'Who shows it',
              text: 'On a new build the shipyard prepares the E26 documents for class, and the owner keeps them current for the life of the ship. Class checks each ship; no supplier holds an E26 approval on its behalf, and meeting the rules stays with the owner.',
            },
            {
              icon: 'network-wired',
              title: 'What the network gives you',
              text: 'The zones and the rules between them, the equipment list, and remote access you control: the material E26 asks about. Our record of every change keeps those documents current between surveys.',
            },
          ]}
        />
        <p>
          IACS publishes <a href="https://iacs.org.uk/resolutions/unified-requirements/ur-e">E26 and E27</a> among its
          unified requirements. What NIS2 asks of the shipping company itself is set out with our{' '}
          <Link href="/vrit#nis2">IT management</Link>.
        </p>
      </Section>
      <ClosingCta title="Plan your onboard network" action="Contact us" href={contactHref('/network')}>
        Send us your vessel or rig layout and what has to connect; we will design the network around it.
      </ClosingCta>
    </ServicePage>
  );
}
