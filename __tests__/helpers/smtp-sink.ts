import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string; secure: boolean };

/** A key and a self-signed certificate for 127.0.0.1, made with openssl in `dir`. */
export function makeCertificate(dir: string): { key: Buffer; cert: Buffer; file: string } {
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  return { key: readFileSync(key), cert: readFileSync(cert), file: cert };
}

/** Listens on a loopback port the system chooses, and returns it. */
async function listen(server: Server): Promise<number> {
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', done);
  });
  return (server.address() as AddressInfo).port;
}

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
    // No name lookup of each client (a slow resolver would delay the greeting), and no long wait at close.
    disableReverseLookup: true,
    closeTimeout: 100,
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
  // A client that refuses the certificate ends its connection with an error: expected, not fatal.
  server.on('error', () => undefined);
  const port = await listen(server.server);
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
  const port = await listen(server);
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
