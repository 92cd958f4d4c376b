import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail, type ReceivedMail } from './outbox';

/** A mail the SMTP peer accepted: its envelope and the message as a mail program shows it. */
export interface Delivery {
  from: string;
  to: string[];
  mail: ReceivedMail;
}

export interface SmtpPeer {
  port: number;
  /** `SMTP_URL` for a portal that sends here, with the login the peer accepts. */
  url: string;
  /** What it accepted, oldest first. */
  deliveries: Delivery[];
  /** Recipients it refuses (550 at RCPT TO): one mail's failure, not an outage. */
  refuse: Set<string>;
  /** Stops listening, as a mail server that was stopped: connections are refused until start(). */
  stop(): Promise<void>;
  /** Listens again on the same port, keeping what it accepted. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real SMTP server (smtp-server) on a free port of 127.0.0.1, for tests of mail over SMTP:
 * it checks the login (portal / s3cret), keeps what it is given, refuses the recipients a test
 * names, and can be stopped and started again on its port (a mail server outage).
 */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const deliveries: Delivery[] = [];
  const refuse = new Set<string>();
  const create = () =>
    new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth: (auth, _session, callback) =>
        auth.username === 'portal' && auth.password === 's3cret'
          ? callback(null, { user: auth.username })
          : callback(new Error('Invalid login')),
      onRcptTo: (address, _session, callback) =>
        refuse.has(address.address) ? callback(new Error('Mailbox unavailable')) : callback(),
      onData: (stream, session, callback) => {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => (raw += chunk));
        stream.on('end', () => {
          deliveries.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            mail: parseMail(raw),
          });
          callback();
        });
      },
    });
  const listen = (server: SMTPServer, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
    });
  let server: SMTPServer | undefined = create();
  const port = await listen(server, 0);
  const stop = async () => {
    const running = server;
    server = undefined;
    if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
  };
  return {
    port,
    url: `smtp://portal:s3cret@127.0.0.1:${port}`,
    deliveries,
    refuse,
    stop,
    start: async () => {
      if (server) return;
      const started = create();
      await listen(started, port);
      server = started;
    },
    close: stop,
  };
}
