import { render, screen, within } from '@testing-library/react';
import { buttonClassName } from '@/components/button-link';
import { ClosingCta } from '@/components/closing-cta';
import { withSiteFacts } from './helpers/site-facts';
import { content } from '@/lib/content';

const band = () => screen.getByRole('region', { name: 'Ready to build?' });
const renderBand = () =>
  render(
    <ClosingCta title="Ready to build?" action="Contact us" href="/contact?from=/software">
      Tell us what you need.
    </ClosingCta>,
  );

describe('ClosingCta', () => {
  it('holds one call to /contact, a second way in by phone and email, and when we reply', () => {
    withSiteFacts({ bookingUrl: null }, () => renderBand());
    const links = within(band()).getAllByRole('link');
    expect(links.filter((link) => link.getAttribute('href')!.startsWith('/contact'))).toHaveLength(1);
    const call = within(band()).getByRole('link', { name: 'Contact us' });
    expect(call).toHaveAttribute('href', '/contact?from=/software');
    // The site's button, on every page: the specification's closing link, drawn as the other calls are.
    expect(call).toHaveClass(...buttonClassName().split(' '));
    expect(within(band()).getByRole('link', { name: content.company.phone.display })).toHaveAttribute('href', `tel:${content.company.phone.tel}`);
    expect(within(band()).getByRole('link', { name: content.company.email })).toHaveAttribute('href', `mailto:${content.company.email}`);
    expect(band()).toHaveTextContent(`We reply within ${content.company.replyTime}.`);
  });

  it('offers the booking page as the second way in where there is one, in place of the phone and email', () => {
    withSiteFacts({ bookingUrl: 'https://calendar.npts.test/intro' }, () => renderBand());
    const booking = within(band()).getByRole('link', { name: 'Book a call (opens in a new tab)' });
    expect(booking).toHaveAttribute('href', 'https://calendar.npts.test/intro');
    expect(within(band()).queryByRole('link', { name: content.company.phone.display })).toBeNull();
    expect(within(band()).getAllByRole('link').filter((link) => link.getAttribute('href')!.startsWith('/contact'))).toHaveLength(1);
  });
});
