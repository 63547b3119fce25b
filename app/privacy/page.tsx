import type { Metadata } from 'next';
import Link from 'next/link';
import { CompanyAddress, EmailLink, PhoneLink } from '@/components/contact-details';
import { PageHero } from '@/components/page-hero';
import { Section } from '@/components/section';
import { CONSENT_COOKIE, CONSENT_DAYS } from '@/lib/analytics';
import { retention } from '@/lib/contact';
import { pageMetadata } from '@/lib/metadata';
import { content } from '@/lib/content';
import type { Recipient } from '@/lib/company';

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: 'Privacy Notice: Analytics and Contact Form | NPTS',
    description: 'Who is responsible for your data on the NPTS website, what it collects and why, who receives it, how long it is kept and what you can ask of us.',
    path: '/privacy',
  });
}

/** Who receives visitors' data from us, from the site facts: outside the EU, with what protects it there. */
function recipients(): (Recipient & { does: string })[] {
  const { host, mail } = content.company.processors;
  return [
    { ...host, does: 'our web host, which runs this website and keeps the contact form’s database' },
    { ...mail, does: 'our mail provider, which delivers the form’s messages to our team’s mailbox' },
    ...(content.company.teamChat ? [{ ...content.company.teamChat, does: 'our team’s chat tool, where we are told of each new enquiry' }] : []),
  ];
}

export default function PrivacyPage() {
  const receivers = recipients();
  const transfers = receivers.filter((recipient) => recipient.safeguard);
  return (
    <>
      <PageHero
        eyebrow="Privacy"
        title="Privacy notice"
        lead="What this website collects and why, who receives it, how long it is kept and what you can ask of us, under the EU General Data Protection Regulation (GDPR)."
      />
      <Section title="Who is responsible">
        <p>
          The controller of your personal data is {content.company.legalName}, registered in {content.company.registeredIn} under the Unified
          Identification Code (UIC) {content.company.companyNumber}, VAT number {content.company.vatId}:
        </p>
        <CompanyAddress />
        <p>
          Email <EmailLink />, phone <PhoneLink />. Write to us there about anything in this notice.
        </p>
      </Section>
      <Section title="What we use your data for, and why we may" tone="alt">
        <ul>
          <li>
            <strong>Answering your enquiry</strong>: what you send through the contact form, and where the enquiry came
            from (below). We may do so because you ask us to take steps before a possible contract (Art. 6(1)(b) GDPR)
            and, where you write to us for another reason, because we have a legitimate interest in answering the
            messages we receive (Art. 6(1)(f)).
          </li>
          <li>
            <strong>Keeping the form free of spam and abuse</strong>: a keyed hash of your network address and a small
            puzzle your browser solves (below). Our legitimate interest is a contact form that works and is not abused
            (Art. 6(1)(f)).
          </li>
          <li>
            <strong>Counting visits</strong> with Google Analytics, only if you accept analytics: your consent (Art.
            6(1)(a)), which you can withdraw at any time.
          </li>
          <li>
            <strong>Remembering your cookie choice</strong>, so that we do not ask again on every page: our legitimate
            interest (Art. 6(1)(f)).
          </li>
          <li>
            <strong>Keeping the website running and secure</strong>: like every web server, ours records each request
            (your network address, the time, the address asked for and your browser’s name) in its access log, which
            our web host keeps {content.company.accessLogRetention}. Our legitimate interest is finding faults and tracing attacks
            (Art. 6(1)(f)).
          </li>
        </ul>
        <p>
          We make no decision about you by automated means alone, and we do not build a profile of you.
        </p>
      </Section>
      <Section title="The contact form">
        <p>
          When you send the contact form, we receive your first and last name, email address, company, subject, phone
          number and message. We use them only to answer your enquiry and to follow up on it. We send no automatic
          replies and no newsletters, and we do not share your details with third parties for marketing.
        </p>
        <p>
          Your name, email address and message are needed to answer you: without them the form cannot be sent and we
          cannot reply. Your company, subject and phone number are up to you. No law or contract obliges you to write
          to us.
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
          the copy on the web server is deleted {retention.messageDays} days after you sent it. A message that cannot be
          delivered to us is deleted {retention.messageDays} days after you sent it too. The email in our inbox is part
          of our correspondence with you.
        </p>
        <p>
          To protect the form from abuse, the server counts how many messages come from each network address. It does
          not store the address: it keeps a keyed hash of it (HMAC-SHA-256 with a secret key that never leaves the
          server), which cannot be turned back into the address, and deletes that hash after its counting window, at
          most {retention.rateLimitMinutes} minutes, has ended.
        </p>
        <p>
          To keep out spam sent by scripts, your browser solves a small puzzle from our server while you type (a proof
          of work, on your device, with no cookie and no third party) and sends the answer with your message. A message
          that arrives without one, for example from a browser with JavaScript turned off, is held until our team has
          looked at it; if we do not release it, it is deleted {retention.heldDays} days after it arrived.
        </p>
      </Section>
      <Section title="Analytics, only with your consent" tone="alt">
        <p>
          If you accept analytics, the site loads Google Tag Manager and Google Analytics to count visits: the pages you
          view, their titles and addresses, and technical details of your browser, including how fast each page loaded
          and answered your clicks. We use these numbers to learn which pages help visitors and where they are slow.
          Until you accept, no analytics script is loaded and no analytics cookie is set (Google Consent Mode starts
          with every signal denied). Google Analytics keeps what it collects for{' '}
          {content.company.analyticsRetention}.
        </p>
        <p>
          Your choice is kept in a first-party cookie, <code>{CONSENT_COOKIE}</code>, for {CONSENT_DAYS} days. You can change it at
          any time with <strong>Cookie settings</strong> at the bottom of every page; rejecting after accepting also
          removes the analytics cookies from this site.
        </p>
      </Section>
      <Section title="Who receives your data">
        <p>Only these companies, each acting for us under a data processing agreement (Art. 28 GDPR):</p>
        <ul>
          {receivers.map((recipient) => (
            <li key={recipient.does}>
              <strong>{recipient.name}</strong>, {recipient.does}, in {recipient.location};
            </li>
          ))}
          <li>
            <strong>Google Ireland Limited</strong>, for Google Tag Manager and Google Analytics, only if you accept
            analytics.
          </li>
        </ul>
        <p>We do not sell your data, and we do not share it with anyone for their own marketing.</p>
      </Section>
      <Section title="Transfers outside the EU" tone="alt">
        <p>
          Google may process analytics data in the United States, at Google LLC. The European Commission has decided that
          the EU–US Data Privacy Framework, under which Google LLC is certified, protects personal data adequately (Art.
          45 GDPR); Google also uses the Commission’s standard contractual clauses.
        </p>
        {transfers.length > 0 ? (
          <ul>
            {transfers.map((recipient) => (
              <li key={recipient.name}>
                {recipient.name} keeps data in {recipient.location}: {recipient.safeguard}
              </li>
            ))}
          </ul>
        ) : (
          <p>Everything else stays within the EU.</p>
        )}
      </Section>
      <Section title="Your rights">
        <p>You may ask us, free of charge:</p>
        <ul>
          <li>for a copy of the data we hold about you (access, Art. 15 GDPR);</li>
          <li>to correct it (rectification, Art. 16);</li>
          <li>to delete it (erasure, Art. 17): we can find and erase every message you sent through the form;</li>
          <li>to stop using it while a question about it is settled (restriction, Art. 18);</li>
          <li>for the data you gave us in a common machine-readable format, or sent to someone else (portability, Art. 20);</li>
          <li>to stop using it where we rely on our legitimate interest (objection, Art. 21).</li>
        </ul>
        <p>
          You may withdraw your consent to analytics at any time with <strong>Cookie settings</strong>, as easily as you
          gave it; this does not affect what was done before. Write to <EmailLink />,{' '}
          <Link href="/contact">use the contact form</Link> or call <PhoneLink />: we answer within one month.
        </p>
        <p>
          You also have the right to complain to a data protection authority, in particular in the EU country where you
          live or work. In {content.company.registeredIn} it is the Commission for Personal Data Protection (CPDP), 2 Prof. Tsvetan
          Lazarov Blvd., 1592 Sofia, <a href="https://www.cpdp.bg/">www.cpdp.bg</a>.
        </p>
      </Section>
    </>
  );
}
