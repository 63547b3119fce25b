import { faDatabase, faHeadset, faNetworkWired, faPuzzlePiece, faScrewdriverWrench } from '@fortawesome/free-solid-svg-icons';
import type { Metadata } from 'next';
import { ButtonLink } from '@/components/button-link';
import { ClosingCta } from '@/components/closing-cta';
import { FeatureList } from '@/components/feature-list';
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
      eyebrow="Vessel / Rig IT"
      title="IT management for vessels and rigs"
      illustration="vrit"
      actions={<ButtonLink href={contactHref('/vrit')}>Contact us</ButtonLink>}
      lead="We look after the IT on board so that your crew can focus on the voyage. One remote team, available around the clock, runs your onboard systems from network to backups."
    >
      <Section title="Everything on board, handled" tone="alt">
        <FeatureList
          items={[
            { icon: faHeadset, title: '24/7 remote support', text: 'Engineers on call day and night, whatever the time zone the vessel or rig is in.' },
            { icon: faNetworkWired, title: 'Network setup', text: 'Onboard networks configured, documented and kept up to date.' },
            { icon: faScrewdriverWrench, title: 'Hardware and software maintenance', text: 'Servers, workstations and applications patched, renewed and kept in working order.' },
            { icon: faDatabase, title: 'Continuous backups', text: 'Vessel servers backed up continuously, so data survives hardware failure at sea.' },
            { icon: faPuzzlePiece, title: 'Customised solutions', text: 'Tools and integrations built for the way your fleet actually works.' },
          ]}
        />
      </Section>
      <ServiceProof service="/vrit" levels />
      <ClosingCta title="Hand us the IT on board" action="Contact us" href={contactHref('/vrit')}>
        Tell us about your fleet and we will propose a support plan that fits it.
      </ClosingCta>
    </ServicePage>
  );
}
