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
    title: 'Custom Software Development: Web, Desktop, Mobile | NPTS',
    description:
      'Custom software for web, desktop and mobile, built in four clear steps: discovery, design, development and delivery.',
    path: '/software',
  });
}

export default function SoftwareDevelopmentPage() {
  return (
    <ServicePage
      service="/software"
      eyebrow="Services"
      title="Custom software development"
      illustration="software"
      lead="When ready-made software makes your team work around it, we build the application that fits instead. Multi-platform applications for the web, the desktop and mobile devices, supported after launch."
      actions={<ButtonLink href={contactHref('/software')}>Contact us</ButtonLink>}
    >
      <Section sheet title="What we can build" tone="alt">
        <CardGrid>
          <FeatureCard title="Web applications">
            <p>
              Portals for customers and partners and internal tools for staff, used in any current browser with nothing
              to install, and laid out to work on a phone as well as at a desk.
            </p>
          </FeatureCard>
          <FeatureCard title="Desktop applications">
            <p>
              For work that needs a large screen, local files or equipment plugged into the computer, in the office, on
              the bridge or in a control room, and that must carry on when the network does not.
            </p>
          </FeatureCard>
          <FeatureCard title="Mobile apps">
            <p>
              Phone and tablet apps for people on deck, on site or on the road. What they enter without a signal is
              kept on the device and sent when the signal comes back.
            </p>
          </FeatureCard>
          <FeatureCard title="Connections to your systems">
            <p>
              New software rarely stands alone. It exchanges data with what you already run, such as accounting,
              planned maintenance or an older database, through their interfaces or one we add.
            </p>
          </FeatureCard>
        </CardGrid>
      </Section>
      <ServiceProof service="/software" />
      <Section sheet title="From idea to launch" intro="Four steps, each ending in something you can try and approve before the next one begins.">
        <ProcessSteps>
          <ProcessStep title="Discovery">
            <p>Workshops with future users and those who pay: the problem, the systems involved, what success means. You get a written scope and an estimate.</p>
          </ProcessStep>
          <ProcessStep title="Design">
            <p>The architecture, the data and clickable screens, reviewed with your users while a change still costs a sketch rather than a rewrite.</p>
          </ProcessStep>
          <ProcessStep title="Development">
            <p>Short iterations, each closing with a demo on a test system you can use yourself. Priorities may change between them.</p>
          </ProcessStep>
          <ProcessStep title="Delivery">
            <p>Tested with real data, installed where it will run, and handed over: users shown how to work with it, administrators how to run it.</p>
          </ProcessStep>
        </ProcessSteps>
        <p>
          <ButtonLink href={contactHref('/software')}>Start your project</ButtonLink>
        </p>
      </Section>
      <Section sheet title="What we need from your side" tone="alt">
        <FeatureList
          layout="rows"
          items={[
            {
              icon: 'user-check',
              title: 'A product owner',
              text: 'One person on your side who knows the business, answers our questions between demos and can say yes or no to a change of scope.',
            },
            {
              icon: 'users',
              title: 'Time with your users',
              text: 'Some of your future users, for the workshops and to try each demo: they notice what a written specification misses.',
            },
            {
              icon: 'key',
              title: 'Access to your systems',
              text: 'Test accounts and documentation for every system the new software must exchange data with, and the person who looks after each one.',
            },
            {
              icon: 'server',
              title: 'A place to run it',
              text: 'Your servers or cloud account, or a choice of where it should be hosted, and the rules your IT or security team sets for new applications.',
            },
          ]}
        />
      </Section>
      <Section sheet title="At handover, and after">
        <FeatureList
          items={[
            {
              icon: 'code-branch',
              title: 'The source code',
              text: 'In a repository you can open from the first iteration, with the history of every change and the scripts that build, test and deploy it.',
            },
            {
              icon: 'book-open',
              title: 'Documentation',
              text: 'How the parts fit together, how to install, configure, back up and restore the system, and a guide for the people who use it every day.',
            },
            {
              icon: 'life-ring',
              title: 'Support after launch',
              text: 'Fixes, security updates to the components the software is built on, and help for your users, so it keeps working as browsers, phones and operating systems move on.',
            },
            {
              icon: 'seedling',
              title: 'Room to grow',
              text: 'New features planned and built in the same short iterations when the business asks for them, or taken on by your own developers, who have the code and documents to do it.',
            },
          ]}
        />
      </Section>
      <ClosingCta title="Ready to build?" action="Contact us" href={contactHref('/software')}>
        Tell us what slows your team down today and who would use the new software. Our first answer is a list of
        questions; then come a plan and an estimate.
      </ClosingCta>
    </ServicePage>
  );
}
