import { execFileSync } from 'node:child_process';
import { cleanup, render, screen, within } from '@testing-library/react';
import PrivacyPage from '@/app/privacy/page';
import { withSiteFacts } from './helpers/site-facts';
import { content } from '@/lib/content';
import { CONSENT_COOKIE, CONSENT_MAX_AGE_S } from '@/lib/analytics';
import { retention } from '@/lib/contact';

/**
 * The endpoint's settings in its own words, `php mail/admin.php config --json`, as npm start asks
 * (scripts/serve/local-php.mjs, as the web server's user when the tests run as root).
 */
function mailSettings(): Record<string, { value: string; default: string }> {
  const script = "import { mailSettings } from './scripts/serve/local-php.mjs'; console.log(JSON.stringify(mailSettings().settings));";
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
}

// How long messages are kept is the contract's (mail/contract.json): __tests__/mail/deliver.test.ts
// changes it and sees this page and the endpoint's retention follow.

/** The text of the section under the heading `name`. */
function section(name: string): string {
  return screen.getByRole('heading', { level: 2, name }).closest('section')!.textContent!.replace(/\s+/g, ' ');
}

describe('PrivacyPage', () => {
  it('names the controller: legal name, registered address, company and VAT numbers, email and phone (GDPR Art. 13(1)(a))', () => {
    render(<PrivacyPage />);
    const controller = section('Who is responsible');
    for (const fact of [content.company.legalName, content.company.address.street, `${content.company.address.postcode} ${content.company.address.city}`, content.company.registeredIn, content.company.companyNumber, content.company.vatId, content.company.email, content.company.phone.display]) {
      expect(controller).toContain(fact);
    }
    expect(screen.getAllByRole('link', { name: content.company.email })[0]).toHaveAttribute('href', `mailto:${content.company.email}`);
  });

  it('gives each purpose its legal basis (Art. 13(1)(c)): the enquiry, spam protection, analytics on consent', () => {
    render(<PrivacyPage />);
    const purposes = within(screen.getByRole('heading', { name: /^What we use your data for/ }).closest('section')!).getAllByRole('listitem').map((item) => item.textContent!.replace(/\s+/g, ' '));
    expect(purposes.find((text) => text.startsWith('Answering your enquiry'))).toMatch(/Art\. 6\(1\)\(b\) GDPR\).*Art\. 6\(1\)\(f\)/);
    expect(purposes.find((text) => text.startsWith('Keeping the form free of spam'))).toContain('Art. 6(1)(f)');
    expect(purposes.find((text) => text.startsWith('Counting visits'))).toMatch(/only if you accept analytics: your consent \(Art\. 6\(1\)\(a\)\), which you can withdraw at any time/);
    for (const purpose of purposes) expect(purpose).toMatch(/Art\. 6\(1\)\([abcf]\)/);
  });

  it('says the form’s name, email and message are needed to answer, and the rest is optional (Art. 13(2)(e))', () => {
    render(<PrivacyPage />);
    expect(section('The contact form')).toContain('Your name, email address and message are needed to answer you: without them the form cannot be sent and we cannot reply.');
  });

  it('names the recipients from the site facts (Art. 13(1)(e)): host, mail provider, the team’s chat tool, Google', () => {
    render(<PrivacyPage />);
    const recipients = section('Who receives your data');
    for (const name of [content.company.processors.host.name, content.company.processors.mail.name, content.company.teamChat!.name, 'Google Ireland Limited']) expect(recipients).toContain(name);
  });

  it('leaves the chat tool out where the company has none', () => {
    withSiteFacts({ teamChat: null }, () => render(<PrivacyPage />));
    expect(section('Who receives your data')).not.toContain(content.company.teamChat!.name);
  });

  it('states the transfers outside the EU and their safeguard (Art. 13(1)(f)), a recipient’s own included', () => {
    render(<PrivacyPage />);
    expect(section('Transfers outside the EU')).toContain('EU–US Data Privacy Framework');
    cleanup();
    const chat = { name: 'Chat Co', location: 'the United States', safeguard: 'the Commission’s standard contractual clauses.' };
    withSiteFacts({ teamChat: chat }, () => render(<PrivacyPage />));
    expect(section('Transfers outside the EU')).toContain('Chat Co keeps data in the United States: the Commission’s standard contractual clauses.');
  });

  it('lists every right, withdrawing consent, and the Bulgarian supervisory authority (Art. 13(2)(b)–(d))', () => {
    render(<PrivacyPage />);
    const rights = section('Your rights');
    for (const right of ['access, Art. 15', 'rectification, Art. 16', 'erasure, Art. 17', 'restriction, Art. 18', 'portability, Art. 20', 'objection, Art. 21']) expect(rights).toContain(right);
    expect(rights).toContain('withdraw your consent to analytics at any time');
    expect(rights).toContain('Commission for Personal Data Protection');
  });

  it('states the longest the rate limit keeps its hash of an address, the contract’s, which the default window keeps within', () => {
    render(<PrivacyPage />);
    const section = screen.getByRole('heading', { name: 'The contact form' }).closest('section')!;
    expect(section).toHaveTextContent(`deletes that hash after its counting window, at most ${retention.rateLimitMinutes} minutes, has ended`);
    expect(section).not.toHaveTextContent(/briefly/);
    // The endpoint's own word for its default (php mail/admin.php config --json): a longer window
    // would be cut to the published one, and admin.php check would warn of it on every host.
    const [, seconds] = mailSettings().MAIL_RATE_LIMIT.default.split('/');
    expect(Number(seconds)).toBeLessThanOrEqual(retention.rateLimitMinutes * 60);
  });

  it('states how long the consent cookie keeps the visitor’s choice, as long as the banner sets it for', () => {
    render(<PrivacyPage />);
    expect(section('Analytics, only with your consent')).toContain(`a first-party cookie, ${CONSENT_COOKIE}, for ${CONSENT_MAX_AGE_S / 86_400} days.`);
  });

  it('says what is kept of where a lead came from, and that nothing of it is stored on the device', () => {
    render(<PrivacyPage />);
    const section = screen.getByRole('heading', { name: 'The contact form' }).closest('section')!;
    expect(section).toHaveTextContent('which page of this site you came to the form from');
    expect(section).toHaveTextContent('its campaign tags (the utm_ parameters of that link)');
    expect(section).toHaveTextContent('nothing is stored on your device for this');
  });
});
