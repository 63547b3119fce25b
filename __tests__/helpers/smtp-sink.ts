import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { freePort } from './php-server';

export type ReceivedMail = { from: string; to: string[]; raw: string; secure: boolean };

/** A key and a self-signed certificate for the host name localhost, made with openssl in `dir`. */
export function makeCertificate(dir: string): { key: Buffer; cert: Buffer; file: string } {
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost'], { stdio: 'ignore' });
  return { key: readFileSync(key), cert: readFileSync(cert), file: cert };
}

/** PHPMailer as Debian packages it (apt-get install libphp-phpmailer); the SMTP tests need it. */
export const hasPhpMailer = existsSync('/usr/share/php/libphp-phpmailer/autoload.php');

/**
 * A real SMTP server on a loopback port that keeps every message it is given: plain, or with a
 * certificate offering STARTTLS ('starttls') or speaking TLS from the start ('implicit').
 */
export async function startSmtpSink(tls?: { mode: 'starttls' | 'implicit'; key: Buffer; cert: Buffer }): Promise<{ port: number; received: ReceivedMail[]; stop: () => Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    ...(tls ? { key: tls.key, cert: tls.cert, secure: tls.mode === 'implicit' } : { disabledCommands: ['STARTTLS'] }),
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          secure: session.secure,
        });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return { port, received, stop: () => new Promise((done) => server.close(() => done())) };
}

/**
 * A server that accepts connections and then stalls, as a broken SMTP server does: by default it
 * never says a word; `behave` can make it say something first (and must stop when the socket closes).
 */
export async function startMuteServer(behave: (socket: Socket) => void = () => undefined): Promise<{ port: number; connections: () => number; stop: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    behave(socket);
  });
  const port = await freePort();
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return {
    port,
    connections: () => connections,
    stop: () =>
      new Promise((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}
