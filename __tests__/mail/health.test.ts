/** @jest-environment node */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanupTemp, setupPhpServer, smtpDown, sqlite, storeMessages, tempDir, validMessage } from '../helpers/php-server';

jest.setTimeout(30_000);

const TOKEN = 'b6f0c2a94e1d7358';

// Behind the npm start router, whose rules are those of the host's .htaccess.
const php = setupPhpServer({ router: true });
let storage: string;

const health = (query = `?token=${TOKEN}`, init?: RequestInit) => php.request(`/mail/health.php${query}`, init);

beforeEach(() => {
  storage = php.fresh({ MAIL_HEALTH_TOKEN: TOKEN });
});
afterAll(cleanupTemp);

describe('mail/health.php', () => {
  it('does not exist without the configured token, or when none is configured', async () => {
    for (const query of ['', '?token=', '?token=wrong', `?token=${TOKEN}x`, `?token[]=${TOKEN}`]) {
      const reply = await health(query);
      expect(reply.status).toBe(404);
      expect(reply.text).toContain('<title>Not found</title>');
    }
    expect((await health(undefined, { method: 'POST' })).status).toBe(404);
    php.fresh({ MAIL_STORAGE_DIR: storage });
    expect((await health('?token=')).status).toBe(404);
  });

  it('answers 200 "ok" and nothing else while every message is delivered or new', async () => {
    const empty = await health();
    expect(empty.status).toBe(200);
    expect(empty.text).toBe('ok\n');
    expect(empty.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(empty.headers.get('cache-control')).toBe('no-store');
    expect((await php.postJson(validMessage)).status).toBe(200);
    expect(await health()).toMatchObject({ status: 200, text: 'ok\n' });
  });

  it('answers 503 "degraded" when a message has waited over an hour, or held over a day, when one is dead, and when the store cannot be used', async () => {
    await storeMessages(php, storage, [{ id: 'waiting', age: 59 * 60_000 }]);
    expect(await health()).toMatchObject({ status: 200, text: 'ok\n' });
    sqlite(storage, 'UPDATE messages SET received_at = received_at - 120');
    expect(await health()).toMatchObject({ status: 503, text: 'degraded\n' });

    storage = php.fresh({ MAIL_HEALTH_TOKEN: TOKEN, ...smtpDown, MAIL_GIVE_UP_HOURS: '0' });
    expect((await php.postJson(validMessage)).json?.success).toBe(true);
    expect(await health()).toMatchObject({ status: 503, text: 'degraded\n' });

    // A message held for the operator (sent without a proof of work) may wait a day.
    storage = php.fresh({ MAIL_HEALTH_TOKEN: TOKEN });
    expect((await php.postForm(validMessage, { Origin: php.origin })).headers.get('location')).toBe('/contact/sent');
    sqlite(storage, 'UPDATE messages SET received_at = received_at - 86340');
    expect(await health()).toMatchObject({ status: 200, text: 'ok\n' });
    sqlite(storage, 'UPDATE messages SET received_at = received_at - 120');
    expect(await health()).toMatchObject({ status: 503, text: 'degraded\n' });

    writeFileSync(join(storage, 'messages.sqlite'), 'not a database');
    expect(await health()).toMatchObject({ status: 503, text: 'degraded\n' });
    const blocker = join(tempDir(), 'a-file');
    writeFileSync(blocker, '');
    php.fresh({ MAIL_HEALTH_TOKEN: TOKEN, MAIL_STORAGE_DIR: join(blocker, 'store') });
    expect(await health()).toMatchObject({ status: 503, text: 'degraded\n' });
  });
});
