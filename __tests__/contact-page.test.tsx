import { render, screen, within } from '@testing-library/react';
import MessageFailedPage from '@/app/contact/failed/page';
import ContactPage from '@/app/contact/page';
import { content } from '@/lib/content';
import { fixture } from './helpers/fixture-content';
import { readContentAs, withContent, withSiteFacts } from './helpers/site-facts';

jest.mock('next/navigation', () => ({ usePathname: () => '/contact' }));
// Empty, as they ship; a test fills them as an editor would.
beforeAll(() => readContentAs({ people: [], serviceLevels: null }));

const otherWays = () => screen.getByRole('complementary', { name: 'Other ways to reach us' });

describe('ContactPage', () => {
  it('shows the phone, the email to write to and the registered office', () => {
    render(<ContactPage />);
    const aside = otherWays();
    expect(within(aside).getAllByRole('link', { name: content.company.phone.display })[0]).toHaveAttribute('href', `tel:${content.company.phone.tel}`);
    expect(within(aside).getByRole('link', { name: content.company.email })).toHaveAttribute('href', `mailto:${content.company.email}`);
    const office = aside.querySelector('address')!;
    for (const line of [content.company.legalName, content.company.address.street, `${content.company.address.postcode} ${content.company.address.city}`, content.company.registeredIn]) expect(office).toHaveTextContent(line);
    expect(aside).toHaveTextContent(`UIC ${content.company.companyNumber} · VAT ${content.company.vatId}`);
  });

  it('says what happens next, in at most three steps, the first with the reply time', () => {
    render(<ContactPage />);
    const steps = within(screen.getByRole('region', { name: 'What happens next' })).getAllByRole('listitem');
    expect(steps.length).toBeLessThanOrEqual(3);
    expect(steps[0]).toHaveTextContent(`reply within ${content.company.replyTime}`);
  });

  it('gives the form its own heading, in the same section', () => {
    render(<ContactPage />);
    const form = screen.getByRole('button', { name: 'Send message' }).closest('form')!;
    expect(within(form.closest('section')!).getByRole('heading', { level: 2, name: 'Send us a message' })).toBeInTheDocument();
  });

  it('promises round-the-clock help only as the support line for existing clients, and only where it exists', () => {
    const supportLine = { phone: { display: '+359 2 111 1111', tel: '+35921111111' }, roundTheClock: true };
    const { unmount } = withSiteFacts({ supportLine }, () => render(<ContactPage />));
    expect(otherWays()).toHaveTextContent('Already a client? Our support line answers 24 hours a day, 7 days a week: +359 2 111 1111.');
    expect(within(otherWays()).getByRole('link', { name: '+359 2 111 1111' })).toHaveAttribute('href', 'tel:+35921111111');
    unmount();

    const { container } = withSiteFacts({ supportLine: null }, () => render(<ContactPage />));
    expect(container).not.toHaveTextContent(/already a client|support line|24\/7|24 hours|around the clock/i);
  });

  it('gives a support line in office hours with its time zone, as the service levels give the desk’s', () => {
    const supportLine = { phone: { display: '+359 2 111 1111', tel: '+35921111111' }, roundTheClock: false, hours: 'Monday to Friday, 08:00–18:00', timeZone: 'Central European Time (CET/CEST)' };
    withSiteFacts({ supportLine }, () => render(<ContactPage />));
    expect(otherWays()).toHaveTextContent('Already a client? Our support line answers Monday to Friday, 08:00–18:00 (Central European Time (CET/CEST)): +359 2 111 1111.');
  });

  it('shows a booking link only when the company has given one, and no named contact while content/people.yaml is empty', () => {
    const { container, unmount } = withSiteFacts({ bookingUrl: null }, () => render(<ContactPage />));
    expect(screen.queryByRole('link', { name: /book a call/i })).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(otherWays()).not.toHaveTextContent(/speaks/i);
    unmount();

    withSiteFacts({ bookingUrl: 'https://calendar.npts.test/intro' }, () => render(<ContactPage />));
    const booking = within(otherWays()).getByRole('link', { name: 'Book a call (opens in a new tab)' });
    expect(booking).toHaveAttribute('href', 'https://calendar.npts.test/intro');
    expect(booking).toHaveAttribute('target', '_blank');
  });

  it('names the person of content/people.yaml who answers enquiries, with their initials when they have no photo', () => {
    const [, ivan, mei] = fixture.people;
    withContent({ people: [ivan, { ...mei, answersEnquiries: true }] }, () => render(<ContactPage />));
    expect(otherWays()).toHaveTextContent('MFMei Fixture, Service desk leadSpeaks English, Malay and Mandarin');
    expect(otherWays()).not.toHaveTextContent('Ivan Fixture');
  });

  it('gives the first priority’s response time beside the support line, where there are service levels', () => {
    const supportLine = { phone: { display: '+359 2 111 1111', tel: '+35921111111' }, roundTheClock: true };
    withContent({ serviceLevels: fixture.serviceLevels }, () => withSiteFacts({ supportLine }, () => render(<ContactPage />)));
    expect(otherWays()).toHaveTextContent('Our support line answers 24 hours a day, 7 days a week: +359 2 111 1111. For a P1 incident (Vessel down), we respond within 30 minutes.');
  });
});

// Where a form sent without JavaScript lands when it was not taken: the store failed, or too many
// such messages wait already (mail/lib/held.php), where only a call or a mail still reaches us.
describe('MessageFailedPage', () => {
  it('asks the visitor to call or write, with the phone and the email as links', () => {
    render(<MessageFailedPage />);
    expect(screen.getByRole('link', { name: content.company.phone.display })).toHaveAttribute('href', `tel:${content.company.phone.tel}`);
    expect(screen.getByRole('link', { name: content.company.email })).toHaveAttribute('href', `mailto:${content.company.email}`);
    expect(screen.getByRole('link', { name: content.company.email }).closest('p')).toHaveTextContent(`You can also call us on ${content.company.phone.display} or write to ${content.company.email}.`);
  });
});
