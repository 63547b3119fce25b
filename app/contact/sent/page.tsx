import type { Metadata } from 'next';
import { ButtonLink } from '@/components/button-link';
import { PageHero } from '@/components/page-hero';
import { messages } from '@/lib/contact';
import { pageMetadata } from '@/lib/metadata';
import { content } from '@/lib/content';

// Where the form lands after sending without JavaScript.
export function generateMetadata(): Metadata {
  return pageMetadata({ title: 'Message sent | NPTS', description: 'Your message to NPTS has been sent. Our team will read it and get back to you soon.', path: '/contact/sent', noIndex: true });
}

export default function MessageSentPage() {
  return (
    <PageHero
      eyebrow="Contact"
      title="Message sent"
      lead={
        <>
          {messages.success} We reply within {content.company.replyTime}.
        </>
      }
    >
      <ButtonLink href="/">Back to the home page</ButtonLink>
    </PageHero>
  );
}
