import type { Metadata } from 'next';
import { ContactForm } from '@/components/contact-form';
import { PageHero } from '@/components/page-hero';
import { PhoneLink } from '@/components/phone-link';
import { Section } from '@/components/section';
import { pageMetadata } from '@/lib/metadata';
import { site } from '@/lib/site';
import styles from './contact.module.css';

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: 'Contact NPTS: Talk to Our Team',
    description:
      'Tell us about your vessel, rig or business project. Send a message to NPTS and our team will get back to you soon.',
    path: '/contact',
  });
}

export default function ContactPage() {
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Contact us"
        lead="Tell us about your vessel, rig or project. We read every message and reply as soon as we can, usually within one business day."
      />
      <Section>
        <div className={styles.layout}>
          <ContactForm />
          <aside className={styles.aside} aria-labelledby="contact-other-ways">
            <h2 id="contact-other-ways" className={styles.asideTitle}>
              Other ways to reach us
            </h2>
            <p>
              Phone: <PhoneLink />
            </p>
            <p>Serving {site.location}, remotely and around the clock.</p>
            <p>Registered in {site.registeredIn}.</p>
          </aside>
        </div>
      </Section>
    </>
  );
}
