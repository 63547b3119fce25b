import type { Metadata } from 'next';
import { ButtonLink } from '@/components/button-link';
import { PageHero } from '@/components/page-hero';
import { messages } from '@/lib/contact';
import { pageMetadata } from '@/lib/metadata';

// Where the form lands when, without JavaScript, a required field was empty or invalid.
export function generateMetadata(): Metadata {
  return pageMetadata({ title: 'Message not sent | NPTS', description: 'Some fields of your message were missing or invalid.', path: '/contact/invalid', noIndex: true });
}

export default function MessageInvalidPage() {
  return (
    <PageHero
      eyebrow="Contact"
      title="Your message was not sent"
      lead={`${messages.invalid} First name, last name, a valid email address (like name@example.com) and a message are required.`}
    >
      <ButtonLink href="/contact">Back to the contact form</ButtonLink>
    </PageHero>
  );
}
