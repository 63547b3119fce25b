import type { Metadata } from 'next';
import { CompanyAddress, PhoneAndEmailItems, PhoneLink, RegisterNumbers } from '@/components/contact-details';
import { ContactForm } from '@/components/contact-form';
import { PageHero } from '@/components/page-hero';
import { EnquiriesContact } from '@/components/people';
import { Section } from '@/components/section';
import { pageMetadata } from '@/lib/metadata';
import { hoursText } from '@/lib/service-levels';
import { content } from '@/lib/content';
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
  const { bookingUrl, supportLine } = content.company;
  const urgent = content.serviceLevels?.priorities[0];
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Contact us"
        lead={`Tell us about your vessel, rig or project. We read every message and reply within ${content.company.replyTime}.`}
      />
      <Section title="Send us a message">
        <div className={styles.layout}>
          <ContactForm phone={content.company.phone.display} email={content.company.email} replyTime={content.company.replyTime} />
          <div className={styles.side}>
            <section className={styles.card} aria-labelledby="contact-next">
              <h2 id="contact-next" className={styles.cardTitle}>
                What happens next
              </h2>
              <ol className={styles.steps}>
                <li>We read your message and reply within {content.company.replyTime}.</li>
                <li>We talk it through with you: your fleet, your systems or your project, and what you need.</li>
                <li>You get a proposal with the scope, the timeline and the price, to decide on at your own pace.</li>
              </ol>
            </section>
            <aside className={styles.card} aria-labelledby="contact-other-ways">
              <h2 id="contact-other-ways" className={styles.cardTitle}>
                Other ways to reach us
              </h2>
              <EnquiriesContact className={styles.person} />
              <ul className={styles.ways}>
                <PhoneAndEmailItems />
                {bookingUrl && (
                  <li>
                    <a href={bookingUrl} target="_blank" rel="noopener">
                      Book a call<span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                  </li>
                )}
              </ul>
              {supportLine && (
                <p>
                  <strong>Already a client?</strong> Our support line answers {hoursText(supportLine)}: <PhoneLink phone={supportLine.phone} />.
                  {urgent && ` For a ${urgent.level} incident (${urgent.name}), we respond within ${urgent.response}.`}
                </p>
              )}
              <h3 className={styles.subTitle}>Registered office</h3>
              <CompanyAddress />
              <p className={styles.register}>
                <RegisterNumbers />
              </p>
            </aside>
          </div>
        </div>
      </Section>
    </>
  );
}
