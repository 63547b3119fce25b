/** @jest-environment node */
import PostalMime from 'postal-mime';
import { cleanupTemp, expectSafeHeaders, setupPhpServer, SUCCESS, tempDir, testConfig, validMessage } from '../helpers/php-server';
import { makeCertificate, startMuteServer, startSmtpSink } from '../helpers/smtp-sink';

// The SMTP transport: real SMTP servers on loopback, with and without TLS, and servers that stall.
jest.setTimeout(30_000);

const valid = validMessage;
// A fresh store (and so a fresh rate limit) and an empty capture directory for each test.
const php = setupPhpServer({ workers: 4 });
beforeEach(() => php.fresh());
afterAll(cleanupTemp);

describe('over SMTP with PHPMailer', () => {
  it('delivers through a real SMTP server with the same safe headers', async () => {
    const sink = await startSmtpSink();
    try {
      php.fresh({ MAIL_TRANSPORT: 'smtp', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(sink.port), SMTP_SECURE: 'none' });
      const input = { ...valid, subject: 'Привет 👋 %0d%0aBcc: victim@example.net', message: 'שלום\r\nBcc: victim@example.net\r\n.\r\n<b>x</b>' };
      expect((await php.sendJson(input)).status).toBe(200);
      expect(sink.received).toHaveLength(1);
      expect(sink.received[0].to).toEqual([testConfig.MAIL_TO]);
      expect(sink.received[0].from).toBe(testConfig.MAIL_FROM);
      await expectSafeHeaders(sink.received[0].raw, valid.email);
      const mail = await PostalMime.parse(sink.received[0].raw);
      expect(mail.subject).toBe(`New enquiry: Ana Example (Example Shipping Ltd): ${input.subject}`);
      expect(mail.text!.replace(/\r\n/g, '\n')).toContain(input.message.replace(/\r\n/g, '\n'));
      expect(await php.deliver()).toEqual({ code: 0, stdout: '', stderr: '' });
    } finally {
      await sink.stop();
    }
  });

  describe('over TLS, checking the server’s certificate', () => {
    const certificate = makeCertificate(tempDir('npts-tls-'));
    // PHP trusts this certificate as it would a public one; nothing else is relaxed.
    const tlsServer = setupPhpServer({ ini: { 'openssl.cafile': certificate.file } });

    it.each([
      ['STARTTLS', 'starttls', 'tls'],
      ['TLS from the first byte', 'implicit', 'ssl'],
    ] as const)('delivers with %s, and sends nothing to a server whose certificate PHP cannot verify', async (_name, mode, secure) => {
      const sink = await startSmtpSink({ mode, key: certificate.key, cert: certificate.cert });
      try {
        const settings = { MAIL_TRANSPORT: 'smtp', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(sink.port), SMTP_SECURE: secure };
        tlsServer.fresh(settings);
        const reply = await tlsServer.postJson({ ...valid, message: 'x'.repeat(4000) });
        expect(reply.json).toEqual({ success: true, message: SUCCESS });
        expect((await tlsServer.messages())[0].state).toBe('delivered');
        expect(sink.received.map((mail) => mail.secure)).toEqual([true]);

        // The main server does not trust the certificate.
        php.fresh(settings);
        expect((await php.sendJson(valid)).json?.success).toBe(true);
        expect((await php.messages())[0]).toMatchObject({ state: 'pending', attempts: 1 });
        expect(sink.received).toHaveLength(1);
      } finally {
        await sink.stop();
      }
    });
  });

  it('ends an attempt at its SMTP_TIMEOUT however the server stalls: silent, silent to a TLS hello, trickling, or silent after STARTTLS', async () => {
    const secure = ['none', 'ssl', 'none', 'tls'];
    const stalls = await Promise.all([
      startMuteServer(),
      startMuteServer(),
      startMuteServer((socket) => {
        const trickle = setInterval(() => socket.write('2'), 300);
        socket.on('close', () => clearInterval(trickle));
      }),
      startMuteServer((socket) => {
        socket.write('220 ready\r\n');
        socket.on('data', (data) => {
          const command = data.toString();
          if (/^EHLO/i.test(command)) socket.write('250-hello\r\n250 STARTTLS\r\n');
          // Then nothing more: the TLS handshake that follows gets no answer.
          else if (/^STARTTLS/i.test(command)) socket.write('220 go ahead\r\n');
        });
      }),
    ]);
    try {
      php.fresh({ MAIL_TRANSPORT: 'smtp', SMTP_HOST: '127.0.0.1' });
      const checks = await Promise.all(
        stalls.map(async (stall, index) => {
          const started = Date.now();
          const check = await php.cli('admin.php', ['check'], { SMTP_PORT: String(stall.port), SMTP_SECURE: secure[index], SMTP_TIMEOUT: '1' });
          return { took: Date.now() - started, check };
        }),
      );
      for (const { took, check } of checks) {
        expect(check.stdout).toMatch(/FAIL {2}transport smtp: 127\.0\.0\.1:\d+: the SMTP server did not answer within 1 s/);
        // The second, and PHP starting and checking the rest around it on a busy machine.
        expect(took).toBeGreaterThanOrEqual(1_000);
        expect(took).toBeLessThan(10_000);
      }
    } finally {
      await Promise.all(stalls.map((stall) => stall.stop()));
    }
  });
});
