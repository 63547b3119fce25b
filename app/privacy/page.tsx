import type { Metadata } from 'next';
import Link from 'next/link';
import { PageHero } from '@/components/page-hero';
import { PhoneLink } from '@/components/phone-link';
import { Section } from '@/components/section';
import { CONSENT_COOKIE } from '@/lib/analytics';
import { pageMetadata } from '@/lib/metadata';
import { site } from '@/lib/site';

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: 'Privacy Notice: Analytics and Contact Form | NPTS',
    description: 'How the NPTS website uses analytics cookies, only with your consent, and how long it keeps the details you send through the contact form.',
    path: '/privacy',
  });
}

export default function PrivacyPage() {
  return (
    <>
      <PageHero
        eyebrow="Privacy"
        title="Privacy notice"
        lead={`What this website collects and why. ${site.name} is registered in ${site.registeredIn} and handles personal data under the EU General Data Protection Regulation (GDPR).`}
      />
      <Section title="Analytics, only with your consent">
        <p>
          If you accept analytics, the site loads Google Tag Manager and Google Analytics to count visits: the pages you
          view, their titles and addresses, and technical details of your browser. We use these numbers to learn which
          pages help visitors. Until you accept, no analytics script is loaded and no analytics cookie is set (Google
          Consent Mode starts with every signal denied).
        </p>
        <p>
          Your choice is kept in a first-party cookie, <code>{CONSENT_COOKIE}</code>, for 180 days. You can change it at
          any time with <strong>Cookie settings</strong> at the bottom of every page; rejecting after accepting also
          removes the analytics cookies from this site.
        </p>
      </Section>
      <Section title="The contact form" tone="alt">
        <p>
          When you send the contact form, we receive your first and last name, email address, company, subject, phone
          number and message. We use them only to answer your enquiry and to follow up on it. We send no automatic
          replies and no newsletters, and we do not share your details with third parties for marketing.
        </p>
        <p>
          With your message we also keep which page of this site you came to the form from and, if you arrived
          through a link of one of our campaigns, its campaign tags (the <code>utm_</code> parameters of that link), so
          that we know which of our pages and campaigns bring enquiries. Your browser keeps them only in memory while
          you browse: nothing is stored on your device for this.
        </p>
        <p>
          Your message is stored in a database on our web hosting server, together with when it arrived and whether it
          has reached our team, so that it cannot be lost; then it is sent to our team by email. Once it has reached us,
          the copy on the web server is deleted 180 days after you sent it. A message that could not be delivered yet
          is kept until it is. The email in our inbox is part of our correspondence with you.
        </p>
        <p>
          To protect the form from abuse, the server counts how many messages come from each network address. It does
          not store the address: it keeps a keyed hash of it (HMAC-SHA-256 with a secret key that never leaves the
          server), which cannot be turned back into the address, and deletes that hash after the counting window of 10
          minutes has ended.
        </p>
        <p>
          To keep out spam sent by scripts, your browser solves a small puzzle from our server while you type (a proof
          of work, on your device, with no cookie and no third party) and sends the answer with your message. A message
          that arrives without one, for example from a browser with JavaScript turned off, is held until our team has
          looked at it; if we do not release it, it is deleted 30 days after it arrived.
        </p>
      </Section>
      <Section title="Your rights">
        <p>
          You may ask us for a copy of your data, to correct or delete it, or object to its use; we can find and erase
          every message you sent through the form. Please{' '}
          <Link href="/contact">contact us</Link> or call <PhoneLink />. You
          can also complain to the Bulgarian Commission for Personal Data Protection.
        </p>
      </Section>
    </>
  );
}
