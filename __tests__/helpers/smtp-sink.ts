import { existsSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { freePort } from './php-server';

export type ReceivedMail = { from: string; to: string[]; raw: string };

/** PHPMailer as Debian packages it (apt-get install libphp-phpmailer); the SMTP tests need it. */
export const hasPhpMailer = existsSync('/usr/share/php/libphp-phpmailer/autoload.php');

/** A real SMTP server on a loopback port that keeps every message it is given. */
export async function startSmtpSink(): Promise<{ port: number; received: ReceivedMail[]; stop: () => Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return { port, received, stop: () => new Promise((done) => server.close(() => done())) };
}

/** A server that accepts connections and never says a word: an SMTP server that hangs. */
export async function startMuteServer(): Promise<{ port: number; connections: () => number; stop: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
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
