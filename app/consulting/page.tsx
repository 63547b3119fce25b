import type { Metadata } from 'next';
import { ButtonLink } from '@/components/button-link';
import { ClosingCta } from '@/components/closing-cta';
import { FeatureList } from '@/components/feature-list';
import { ProcessStep, ProcessSteps } from '@/components/process-steps';
import { Section } from '@/components/section';
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
      service="/consulting"
      eyebrow="Services"
      title="IT consulting"
      illustration="consulting"
      lead="Experienced advice and hands-on help for the IT your business depends on. Our consultants bring over 50 years of combined experience to support, architecture and security."
      actions={<ButtonLink href={contactHref('/consulting')}>Get started</ButtonLink>}
    >
      <Section sheet title="How we help" tone="alt">
        <FeatureList
          items={[
            {
              icon: 'life-ring',
              title: 'Remote and on-site support',
              text: 'Remote first, on site when hands are needed: your users reach an engineer who connects to the machine in question, with their permission, and fixes it while they watch; what needs a person at the machine is fixed there.',
            },
            {
              icon: 'calendar-check',
              title: 'Preventive maintenance',
              text: 'Updates, backups, free disk space, certificates and licences checked on an agreed schedule, so an expiry date or a full disk is found before it stops anyone’s work.',
            },
            {
              icon: 'sitemap',
              title: 'Network and system architecture',
              text: 'Networks, servers and cloud services laid out for what you run today and what you plan next, in a written design that gives the reason for each choice.',
            },
            {
              icon: 'user-shield',
              title: 'Security management',
              text: 'Accounts and access, updates, backups that really restore, and a plan for the day something goes wrong: the gaps found and closed in order of risk.',
            },
            {
              icon: 'list-check',
              title: 'Change management',
              text: 'Upgrades, migrations and moves to the cloud planned in stages, each with a test and a way back, and carried out at times that suit your work.',
            },
          ]}
        />
      </Section>
      <Section sheet title="One-off or ongoing" intro="Whether it is a one-off review or ongoing support, the first conversation is about your situation, not our sales pitch.">
        <FeatureList
          layout="rows"
          items={[
            {
              icon: 'magnifying-glass',
              title: 'A review',
              text: 'We look at your network, systems and security, talk to the people who run them, and tell you in writing what to fix first, and why. Act on it with your own staff, with us or with anyone else.',
            },
            {
              icon: 'diagram-project',
              title: 'A project',
              text: 'An upgrade, a migration or a new system, planned with you, carried out stage by stage and documented, then handed back to whoever runs your IT from day to day.',
            },
            {
              icon: 'life-ring',
              title: 'Ongoing support',
              text: 'A remote team that learns your systems once and keeps them in order: maintenance on a schedule, help when something breaks, and advice before you buy or change anything.',
            },
          ]}
        />
        <p>
          <ButtonLink href={contactHref('/consulting')}>Contact us</ButtonLink>
        </p>
      </Section>
      <ServiceProof service="/consulting" />
      <Section
        sheet
        title="What a review looks at"
        tone="alt"
        intro="The questions we answer first, whatever the size of the business. The written findings rank each gap by the harm it could do."
      >
        <FeatureList
          items={[
            {
              icon: 'user-lock',
              title: 'Accounts and access',
              text: 'Who can sign in to what, which accounts belong to people who have left, where passwords are shared, and whether important logins ask for a second factor.',
            },
            {
              icon: 'database',
              title: 'Backups',
              text: 'What is copied, how often, where the copies are kept and whether a restore has ever been tried. A backup nobody has restored is a hope, not a plan.',
            },
            {
              icon: 'arrows-rotate',
              title: 'Updates',
              text: 'Which computers, devices and applications are behind on updates or past the end of their maker’s support, and what depends on each of them.',
            },
            {
              icon: 'network-wired',
              title: 'The network',
              text: 'How it is divided, what the firewall lets in and out, how staff connect from outside, and what can be reached from the internet.',
            },
            {
              icon: 'file-contract',
              title: 'Licences and contracts',
              text: 'What you pay for, what is really in use, and when support contracts and subscriptions end, so a renewal is a decision rather than a surprise.',
            },
            {
              icon: 'folder-open',
              title: 'What is written down',
              text: 'Whether someone new could find the diagrams, administrator accounts and suppliers’ contacts needed to run your IT tomorrow, without asking the one person who knows.',
            },
          ]}
        />
      </Section>
      <Section sheet title="How an engagement runs">
        <ProcessSteps>
          <ProcessStep title="A first conversation">
            <p>You describe the problem and what has been tried; a short call is often enough to see the way forward.</p>
          </ProcessStep>
          <ProcessStep title="A look at your systems">
            <p>Remote first, on site when hands are needed, alongside your IT staff and with the access you grant for it.</p>
          </ProcessStep>
          <ProcessStep title="A plan you can act on">
            <p>What to do, in what order and at what cost, for your team or ours to carry out.</p>
          </ProcessStep>
          <ProcessStep title="The work, then a look back">
            <p>Each agreed task done and reported, then a review with you of what changed and what should come next.</p>
          </ProcessStep>
        </ProcessSteps>
        <p>
          <ButtonLink href={contactHref('/consulting')}>Get started</ButtonLink>
        </p>
      </Section>
      <Section sheet title="What we ask of you" tone="alt">
        <FeatureList
          layout="rows"
          items={[
            {
              icon: 'user-gear',
              title: 'A contact',
              text: 'Someone who knows your IT and can make decisions, or bring them quickly to whoever can.',
            },
            {
              icon: 'key',
              title: 'Access',
              text: 'Administrator accounts for the systems in scope and your consent to remote sessions, granted for the engagement and withdrawn when it ends.',
            },
            {
              icon: 'clipboard-list',
              title: 'What you already know',
              text: 'Diagrams, equipment lists, supplier contracts and notes on past incidents, however incomplete: gaps are part of what we look for.',
            },
            {
              icon: 'calendar-check',
              title: 'Times for change',
              text: 'When systems may be restarted or changed without harm, and who must approve work outside those times.',
            },
          ]}
        />
      </Section>
      <Section sheet title="What you keep">
        <FeatureList
          items={[
            {
              icon: 'file-lines',
              title: 'Written findings',
              text: 'The review and the plan in plain language, ranked by risk, ready to share with your management or an auditor.',
            },
            {
              icon: 'book-open',
              title: 'Current documents',
              text: 'Network diagrams, an inventory of systems and the accounts that run them, brought up to date as the work changes them.',
            },
            {
              icon: 'handshake',
              title: 'A clean handover',
              text: 'Passwords, configurations and notes passed to your team at the end of a project, so nothing we built depends on us to keep running.',
            },
            {
              icon: 'life-ring',
              title: 'Support that carries on',
              text: 'If you choose, maintenance and support continue after a project, from engineers who already know your systems and the reasons behind them.',
            },
          ]}
        />
      </Section>
      <ClosingCta title="Need a second opinion on your IT?" action="Contact us" href={contactHref('/consulting')}>
        Tell us what is on your mind, and talk to a consultant about a review, a project or ongoing support.
      </ClosingCta>
    </ServicePage>
  );
}
