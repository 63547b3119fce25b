import type { Metadata } from 'next';
import { ButtonLink } from '@/components/button-link';
import { PageHero } from '@/components/page-hero';
import { EmailLink, PhoneLink } from '@/components/contact-details';
import { messages } from '@/lib/contact';
import { pageMetadata } from '@/lib/metadata';

// Where the form lands when, without JavaScript, the message could not be accepted: the store
// failed, or too many messages sent without JavaScript wait already (mail/lib/held.php).
export function generateMetadata(): Metadata {
  return pageMetadata({ title: 'Message could not be sent | NPTS', description: 'Your message could not be sent right now. Please try again in a few minutes, or call or write to us instead.', path: '/contact/failed', noIndex: true });
}

export default function MessageFailedPage() {
  return (
    <PageHero
      eyebrow="Contact"
      title="Your message could not be sent"
      lead={
        <>
          {messages.failed} You can also call us on <PhoneLink /> or write to <EmailLink />.
        </>
      }
    >
      <ButtonLink href="/contact">Back to the contact form</ButtonLink>
    </PageHero>
  );
}
