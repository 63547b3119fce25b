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
    title: 'Vessel & Rig IT Management, 24/7 Remote Support | NPTS',
    description:
      'Complete IT management for vessels and rigs: 24/7 remote support, network setup, hardware and software maintenance and continuous backups of vessel servers.',
    path: '/vrit',
  });
}

export default function ItManagementPage() {
  return (
    <ServicePage
      service="/vrit"
      eyebrow="Vessel / Rig IT"
      title="IT management for vessels and rigs"
      illustration="vrit"
      actions={<ButtonLink href={contactHref('/vrit')}>Contact us</ButtonLink>}
      lead="We look after the IT on board so that your crew can focus on the voyage. One remote team, available around the clock, runs your onboard systems from network to backups."
    >
      <Section sheet title="What the service covers">
        <FeatureList
          items={[
            {
              icon: 'headset',
              title: '24/7 remote support',
              text: 'Crew and superintendents reach one desk at any hour, in whatever time zone the vessel happens to be. The engineer who answers works on the system itself, with its history at hand, instead of talking the crew through guesswork.',
            },
            {
              icon: 'network-wired',
              title: 'Network setup',
              text: 'The onboard network configured, segmented and documented, then kept that way as equipment is added, replaced or moved, with every change written down.',
            },
            {
              icon: 'screwdriver-wrench',
              title: 'Hardware and software maintenance',
              text: 'Servers, workstations and applications patched on a plan, with updates fetched when bandwidth is cheap and installed when the master agrees. Hardware is watched for early signs of failure, so a replacement can wait at the next port.',
            },
            {
              icon: 'database',
              title: 'Continuous backups',
              text: 'Vessel servers are backed up continuously to a copy on board, so a failed disk or a damaged file is restored there and then; the changes are copied ashore as the link allows.',
            },
            {
              icon: 'puzzle-piece',
              title: 'Customised solutions',
              text: 'Scripts, integrations and small tools for what your fleet does its own way, such as moving reports from onboard software into the office systems without retyping.',
            },
          ]}
        />
      </Section>
      <ServiceProof service="/vrit" levels />
      <Section
        sheet
        title="Support at sea, online or offline"
        tone="alt"
        intro="The vessel’s own link is our way in; when it goes quiet, the ship keeps working and the backlog waits on board."
      >
        <FeatureList
          layout="rows"
          items={[
            {
              icon: 'key',
              title: 'How we reach the vessel',
              text: 'A VPN over the ship’s satellite or 4/5G connection, the path your office already uses. Every session runs under a named engineer’s account, so each can be traced to a person and a time.',
            },
            {
              icon: 'clock-rotate-left',
              title: 'When the link drops',
              text: 'Backups queue on board and catch up once a connection returns, making the most of near-shore 4/5G where the vessel has it. The copy on board stays current all the while.',
            },
            {
              icon: 'laptop',
              title: 'What keeps running',
              text: 'The servers and applications the crew relies on run on board, so the day’s work carries on without a link; mail and reports leave when it comes back.',
            },
            {
              icon: 'toolbox',
              title: 'When hands are needed',
              text: 'A fault that needs a person at the equipment is fixed by the crew, with our engineer guiding each step on the line; a part to replace is planned for the next port call.',
            },
          ]}
        />
      </Section>
      <Section sheet title="How a vessel joins the service" intro="Support starts from a known state, not from whatever the last contractor left behind.">
        <ProcessSteps>
          <ProcessStep title="Inventory">
            <p>The servers, workstations, network equipment and software on board, with versions and licences, from what the systems report and what the crew confirms.</p>
          </ProcessStep>
          <ProcessStep title="Baseline">
            <p>Backups started and a restore tried, missing updates installed, and old accounts and unknown remote-access tools removed.</p>
          </ProcessStep>
          <ProcessStep title="Ground rules">
            <p>Who to call on board and in the office, what needs the master’s approval, and when updates and restarts may happen.</p>
          </ProcessStep>
          <ProcessStep title="Support begins">
            <p>The desk takes over, and the inventory and documents are updated with every change from then on.</p>
          </ProcessStep>
        </ProcessSteps>
        <OnboardingTime service="/vrit" />
      </Section>
      <Section sheet title="What the owner provides" tone="alt">
        <FeatureList
          items={[
            {
              icon: 'shield-halved',
              title: 'Administrator access',
              text: 'Accounts on the servers and network on board, and your permission for our VPN to reach them.',
            },
            {
              icon: 'user-tie',
              title: 'A contact on board',
              text: 'Usually the master or an officer the master names, able to restart a machine, read out a screen or swap a disk when asked.',
            },
            {
              icon: 'file-contract',
              title: 'Licences and contracts',
              text: 'The software licences, support contracts and vendor contacts for the systems on board, so it is clear what may be changed and by whom.',
            },
            {
              icon: 'calendar-check',
              title: 'A say in timing',
              text: 'Agreed windows for updates and restarts that suit the vessel’s schedule, and who approves exceptions.',
            },
          ]}
        />
      </Section>
      <Section
        id="nis2"
        title="NIS2, incidents and E26"
        intro="What NIS2 asks of a shipping company after an incident, and what this service keeps ready for it."
      >
        <FeatureList
          layout="rows"
          items={[
            {
              icon: 'building',
              title: 'What NIS2 asks',
              text: 'The EU directive, applied through each member state’s law, puts cyber-security duties on medium-sized and larger shipping companies: on the company, not on each vessel. Its measures include incident handling, business continuity with backup management and disaster recovery, access control and the security of suppliers.',
            },
            {
              icon: 'bell',
              title: 'Reporting an incident',
              text: 'A significant incident goes to the national authority or its incident response team (CSIRT): an early warning within 24 hours of learning of it, a fuller notification within 72 hours, and a final report within a month of that.',
            },
            {
              icon: 'clipboard-check',
              title: 'The evidence we keep',
              text: 'For the systems we look after: a record of each incident with what was seen and done and when, ready for your reports; backups with restores that have been tried; and a current inventory. The reports and the duties stay yours.',
            },
            {
              icon: 'ship',
              title: 'On a ship under E26',
              text: 'On a ship it applies to, the inventory, the plans to respond and recover, and the tested backups are also what IACS UR E26 asks the owner to keep; and we check a replacement’s E27 documents before proposing it.',
            },
          ]}
        />
        <p>
          The text of NIS2 is <a href="https://eur-lex.europa.eu/eli/dir/2022/2555/oj">Directive (EU) 2022/2555</a> on
          EUR-Lex. What E26 and E27 ask of a ship is set out with our <Link href="/network#e26">onboard networks</Link>.
        </p>
      </Section>
      <ClosingCta title="Hand us the IT on board" action="Contact us" href={contactHref('/vrit')}>
        Tell us about your fleet and we will propose a support plan that fits it.
      </ClosingCta>
    </ServicePage>
  );
}
