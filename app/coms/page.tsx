import type { Metadata } from 'next';
import Link from 'next/link';
import { ButtonLink } from '@/components/button-link';
import { ClosingCta } from '@/components/closing-cta';
import { FeatureList } from '@/components/feature-list';
import { OnboardingTime } from '@/components/onboarding-time';
import { ProcessStep, ProcessSteps } from '@/components/process-steps';
import { Section } from '@/components/section';
import { ServicePage } from '@/components/service-page';
import { ServiceProof } from '@/components/service-proof';
import { contactHref } from '@/lib/attribution';
import { pageMetadata } from '@/lib/metadata';

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: 'Vessel & Rig Communication: VSAT and 4/5G | NPTS',
    description:
      'Reliable connectivity at sea and offshore: VSAT satellite links, 4/5G and near-shore 4/5G data, designed, installed and supported remotely by NPTS.',
    path: '/coms',
  });
}

export default function CommunicationPage() {
  return (
    <ServicePage
      service="/coms"
      eyebrow="Vessel / Rig IT"
      title="Communication at sea and offshore"
      illustration="coms"
      actions={<ButtonLink href={contactHref('/coms')}>Contact us</ButtonLink>}
      lead="Your crew, your systems and your office stay connected wherever the vessel or rig is. We combine satellite (VSAT) and 4/5G links so that operations run on the best connection available, at a cost you can plan."
    >
      <Section sheet title="What the service includes">
        <FeatureList
          layout="rows"
          items={[
            {
              icon: 'satellite-dish',
              title: 'VSAT satellite',
              text: 'The always-on link for open water and remote fields, sized to the traffic the vessel or rig really carries. We set up the terminal and the router behind it and manage the link from then on: one contact for faults, plan changes and upgrades.',
            },
            {
              icon: 'tower-cell',
              title: '4/5G on board',
              text: 'A cellular router and marine antennas that use a mobile network whenever one is in range. Near the coast it is usually faster than satellite and cheaper per gigabyte, so the router prefers it.',
            },
            {
              icon: 'anchor',
              title: 'Near-shore 4/5G data',
              text: 'Data plans for coastal waters and ports. Heavy transfers such as software and chart updates, server backups and crew downloads are held for these stretches instead of crowding the satellite link.',
            },
          ]}
        />
      </Section>
      <ServiceProof service="/coms" levels />
      <Section
        sheet
        title="How the links work at sea"
        tone="alt"
        intro="One router on board holds every link and decides which one carries what; nobody on the bridge has to choose."
      >
        <FeatureList
          items={[
            {
              icon: 'shuffle',
              title: 'Automatic switching',
              text: 'Traffic moves to 4/5G as the vessel comes into coverage and back to satellite as it leaves, without anyone changing a setting.',
            },
            {
              icon: 'sliders',
              title: 'Operational traffic first',
              text: 'Reports and the systems your office relies on go first; crew and guest networks get fair shares and limits, so a large download never holds up a noon report.',
            },
            {
              icon: 'tower-broadcast',
              title: 'When a link drops',
              text: 'Rain fade, a mast in the antenna’s line of sight, a gap between satellite beams: the router moves traffic to whichever link is left. With none at all, outgoing mail and transfers wait on board until one returns.',
            },
            {
              icon: 'lock',
              title: 'How we reach the router',
              text: 'Our engineers manage the router through an encrypted VPN carried by the links it manages. No separate line is needed, and routine changes ask nothing of the crew.',
            },
            {
              icon: 'server',
              title: 'Offline, the vessel still works',
              text: 'A lost link cuts the vessel off from shore, not from its own systems: the onboard network, local servers and the bridge and engine-room systems carry on.',
            },
            {
              icon: 'chart-line',
              title: 'Watched and reviewed',
              text: 'We follow link quality and data use per vessel, act on faults remotely, and tell you when a plan no longer fits the traffic.',
            },
          ]}
        />
      </Section>
      <Section sheet title="How a vessel is connected" intro="Most of the work is remote; whatever must be fitted on board is planned for a port call.">
        <ProcessSteps>
          <ProcessStep title="Routes and traffic">
            <p>Where the vessel or rig operates, which coverage it crosses, and what it must carry.</p>
          </ProcessStep>
          <ProcessStep title="Proposal">
            <p>The mix of links, equipment and data plans, and which of your current equipment stays in use.</p>
          </ProcessStep>
          <ProcessStep title="Fitting in port">
            <p>Antennas and router fitted by a technician or the crew, while our engineer configures and tests each link remotely.</p>
          </ProcessStep>
          <ProcessStep title="Handover">
            <p>The settings and a short guide for the bridge and the office; from then on we monitor and support every link.</p>
          </ProcessStep>
        </ProcessSteps>
        <OnboardingTime service="/coms" />
      </Section>
      <Section sheet title="What we need from you" tone="alt">
        <FeatureList
          items={[
            {
              icon: 'route',
              title: 'Your trading pattern',
              text: 'The areas and ports the vessel works in, and who on board and ashore depends on the link.',
            },
            {
              icon: 'file-contract',
              title: 'What is already there',
              text: 'The terminals, antennas and routers on board, and the end dates of current airtime contracts, so nothing is paid for twice.',
            },
            {
              icon: 'wrench',
              title: 'Room to fit',
              text: 'A port call for any installation, space on the mast or deck for antennas, and a way through for the cables.',
            },
            {
              icon: 'user-gear',
              title: 'A hand on board',
              text: 'A named officer, often the ETO or the chief engineer, for the rare moments when someone must touch the equipment.',
            },
          ]}
        />
      </Section>
      <Section title="Links to shore under E26 and NIS2">
        <FeatureList
          layout="rows"
          items={[
            {
              icon: 'lock',
              title: 'One controlled boundary',
              text: 'Every link ends at one firewall on board that you can show a surveyor: on a ship under IACS UR E26, each connection to shore must pass such a boundary, and remote access through it must be controlled. Ours comes only through the VPN.',
            },
            {
              icon: 'building',
              title: 'A supplier NIS2 asks about',
              text: 'NIS2 makes a shipping company answer for the security of its suppliers, its connectivity provider included. We answer your supplier security questions in writing.',
            },
            {
              icon: 'clipboard-check',
              title: 'Evidence, not compliance',
              text: 'What we give is evidence for your records. Class checks each ship, and no supplier holds an E26 approval for it.',
            },
          ]}
        />
        <p>
          What the rules ask in full: E26 and E27 with our <Link href="/network#e26">onboard networks</Link>, NIS2 with our{' '}
          <Link href="/vrit#nis2">IT management</Link>.
        </p>
      </Section>
      <ClosingCta title="Talk to us about your fleet" action="Contact us" href={contactHref('/coms')}>
        Tell us where you sail and what you need to run; we will propose the right mix of links.
      </ClosingCta>
    </ServicePage>
  );
}
