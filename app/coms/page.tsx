import { faGaugeHigh, faShuffle, faSliders } from '@fortawesome/free-solid-svg-icons';
import type { Metadata } from 'next';
import { ButtonLink } from '@/components/button-link';
import { ClosingCta } from '@/components/closing-cta';
import { FeatureCard } from '@/components/feature-card';
import { FeatureList } from '@/components/feature-list';
import { CardGrid, Section } from '@/components/section';
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
      eyebrow="Vessel / Rig IT"
      title="Communication at sea and offshore"
      illustration="coms"
      actions={<ButtonLink href={contactHref('/coms')}>Contact us</ButtonLink>}
      lead="Your crew, your systems and your office stay connected wherever the vessel or rig is. We combine satellite (VSAT) and 4/5G links so that operations run on the best connection available, at a cost you can plan."
    >
      <Section title="Connectivity that follows the route">
        <CardGrid>
          <FeatureCard title="VSAT satellite">
            <p>
              Always-on satellite links for open water and remote fields, sized to your traffic and managed
              end to end: terminals, airtime and monitoring.
            </p>
          </FeatureCard>
          <FeatureCard title="4/5G on board">
            <p>
              Cellular routers and antennas that switch to 4/5G whenever a network is in range, for faster
              and cheaper data than satellite.
            </p>
          </FeatureCard>
          <FeatureCard title="Near-shore 4/5G data">
            <p>
              High-throughput data close to the coast and in port, so updates, backups and crew traffic move
              when bandwidth is cheapest.
            </p>
          </FeatureCard>
        </CardGrid>
      </Section>
      <Section
        title="Managed end to end"
        tone="alt"
        intro="One team is responsible for every link on board, from the first survey to the monthly bill, so your crew never has to troubleshoot a modem."
      >
        <FeatureList
          items={[
            {
              icon: faShuffle,
              title: 'Automatic switching',
              text: 'Traffic moves between satellite and 4/5G as the vessel or rig comes into and out of coverage, without anyone on board changing a setting.',
            },
            {
              icon: faSliders,
              title: 'Traffic you control',
              text: 'Operational systems come first; crew and guest traffic get fair shares and limits, so a large download never blocks a critical report.',
            },
            {
              icon: faGaugeHigh,
              title: 'Monitored around the clock',
              text: 'We watch link quality and usage 24/7 and act on problems remotely, often before the crew or the office notices them.',
            },
          ]}
        />
      </Section>
      <ServiceProof service="/coms" levels />
      <ClosingCta title="Talk to us about your fleet" action="Contact us" href={contactHref('/coms')}>
        Tell us where you sail and what you need to run; we will propose the right mix of links.
      </ClosingCta>
    </ServicePage>
  );
}
