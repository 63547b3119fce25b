import { render, screen, within } from '@testing-library/react';
import MessageFailedPage from '@/app/contact/failed/page';
import ContactPage from '@/app/contact/page';
import { site } from '@/lib/site';
import { withSiteFacts } from './helpers/site-facts';

jest.mock('next/navigation', () => ({ usePathname: () => '/contact' }));

const otherWays = () => screen.getByRole('complementary', { name: 'Other ways to reach us' });

describe('ContactPage', () => {
  it('shows the phone, the email to write to and the registered office', () => {
    render(<ContactPage />);
    const aside = otherWays();
    expect(within(aside).getAllByRole('link', { name: site.phone.display })[0]).toHaveAttribute('href', `tel:${site.phone.tel}`);
    expect(within(aside).getByRole('link', { name: site.email })).toHaveAttribute('href', `mailto:${site.email}`);
    const office = aside.querySelector('address')!;
    for (const line of [site.legalName, site.address.street, `${site.address.postcode} ${site.address.city}`, site.registeredIn]) expect(office).toHaveTextContent(line);
    expect(aside).toHaveTextContent(`UIC ${site.companyNumber} · VAT ${site.vatId}`);
  });

  it('says what happens next, in at most three steps, the first with the reply time', () => {
    render(<ContactPage />);
    const steps = within(screen.getByRole('region', { name: 'What happens next' })).getAllByRole('listitem');
    expect(steps.length).toBeLessThanOrEqual(3);
    expect(steps[0]).toHaveTextContent(`reply within ${site.replyTime}`);
  });

  it('gives the form its own heading, in the same section', () => {
    render(<ContactPage />);
    const form = screen.getByRole('button', { name: 'Send message' }).closest('form')!;
    expect(within(form.closest('section')!).getByRole('heading', { level: 2, name: 'Send us a message' })).toBeInTheDocument();
  });

  it('promises round-the-clock help only as the support line for existing clients, and only where it exists', () => {
    const supportLine = { phone: { display: '+359 2 111 1111', tel: '+35921111111' }, hours: '24 hours a day, 7 days a week' };
    const { unmount } = withSiteFacts({ supportLine }, () => render(<ContactPage />));
    expect(otherWays()).toHaveTextContent('Already a client? Our support line answers 24 hours a day, 7 days a week: +359 2 111 1111.');
    expect(within(otherWays()).getByRole('link', { name: '+359 2 111 1111' })).toHaveAttribute('href', 'tel:+35921111111');
    unmount();

    const { container } = withSiteFacts({ supportLine: null }, () => render(<ContactPage />));
    expect(container).not.toHaveTextContent(/already a client|support line|24\/7|24 hours|around the clock/i);
  });

  it('shows a named contact and a booking link only when the company has given them', () => {
    const { container, unmount } = withSiteFacts({ contactPerson: null, bookingUrl: null }, () => render(<ContactPage />));
    expect(screen.queryByRole('link', { name: /book a call/i })).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    unmount();

    const person = { name: 'Maria Georgieva', role: 'Head of client services', photo: '/people/maria.jpg', languages: ['English', 'Bulgarian'] };
    withSiteFacts({ contactPerson: person, bookingUrl: 'https://calendar.npts.test/intro' }, () => render(<ContactPage />));
    expect(otherWays()).toHaveTextContent('Maria Georgieva, Head of client services');
    expect(otherWays()).toHaveTextContent('Speaks English and Bulgarian');
    expect(otherWays().querySelector('img')).toHaveAttribute('src', '/people/maria.jpg');
    const booking = within(otherWays()).getByRole('link', { name: 'Book a call (opens in a new tab)' });
    expect(booking).toHaveAttribute('href', 'https://calendar.npts.test/intro');
    expect(booking).toHaveAttribute('target', '_blank');
  });
});

// Where a form sent without JavaScript lands when it was not taken: the store failed, or too many
// such messages wait already (mail/lib/held.php), where only a call or a mail still reaches us.
describe('MessageFailedPage', () => {
  it('asks the visitor to call or write, with the phone and the email as links', () => {
    render(<MessageFailedPage />);
    expect(screen.getByRole('link', { name: site.phone.display })).toHaveAttribute('href', `tel:${site.phone.tel}`);
    expect(screen.getByRole('link', { name: site.email })).toHaveAttribute('href', `mailto:${site.email}`);
    expect(screen.getByRole('link', { name: site.email }).closest('p')).toHaveTextContent(`You can also call us on ${site.phone.display} or write to ${site.email}.`);
  });
});
