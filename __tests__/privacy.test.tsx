import { execFileSync } from 'node:child_process';
import { render, screen } from '@testing-library/react';
import PrivacyPage from '@/app/privacy/page';

/** The contact endpoint's defaults, as PHP reads them from mail/lib/config.php. */
const defaults: Record<string, string> = JSON.parse(
  execFileSync('php', ['-r', 'require "mail/lib/config.php"; echo json_encode(CONTACT_DEFAULTS);'], { encoding: 'utf8' }),
);

describe('PrivacyPage', () => {
  it('states how long the contact endpoint keeps a delivered message, as it is configured by default', () => {
    render(<PrivacyPage />);
    const section = screen.getByRole('heading', { name: 'The contact form' }).closest('section')!;
    expect(section).toHaveTextContent(`the copy on the web server is deleted ${defaults.MAIL_RETENTION_DAYS} days after you sent it`);
  });

  it('states how long the rate limit keeps its hash of an address, as it is configured by default', () => {
    const [, seconds] = defaults.MAIL_RATE_LIMIT.split('/');
    render(<PrivacyPage />);
    const section = screen.getByRole('heading', { name: 'The contact form' }).closest('section')!;
    expect(section).toHaveTextContent(`deletes that hash after the counting window of ${Number(seconds) / 60} minutes has ended`);
    expect(section).not.toHaveTextContent(/briefly/);
  });

  it('states how long a message held for review (sent without a proof of work) is kept, as the endpoint deletes it', () => {
    const days = execFileSync('php', ['-r', 'require "mail/lib/store.php"; echo CONTACT_HELD_DAYS;'], { encoding: 'utf8' });
    render(<PrivacyPage />);
    const section = screen.getByRole('heading', { name: 'The contact form' }).closest('section')!;
    expect(section).toHaveTextContent(`if we do not release it, it is deleted ${days} days after it arrived`);
  });

  it('says what is kept of where a lead came from, and that nothing of it is stored on the device', () => {
    render(<PrivacyPage />);
    const section = screen.getByRole('heading', { name: 'The contact form' }).closest('section')!;
    expect(section).toHaveTextContent('which page of this site you came to the form from');
    expect(section).toHaveTextContent('its campaign tags (the utm_ parameters of that link)');
    expect(section).toHaveTextContent('nothing is stored on your device for this');
  });
});
