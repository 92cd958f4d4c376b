import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMail, readOutbox, type ReceivedMail } from '../../../../../test-kit/outbox';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { MESSAGES } from './sign-in-routes';

interface Delivery {
  from: string;
  to: string[];
  mail: ReceivedMail;
}

/** A real SMTP peer on a free port: it checks the login and keeps what it is given. */
async function startSmtpPeer(refuse: Set<string>) {
  const deliveries: Delivery[] = [];
  const server = new SMTPServer({
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, deliveries, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('sign-in mail over SMTP', () => {
  const refuse = new Set<string>();
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let portal: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpPeer(refuse);
    portal = await createTestApp({
      withDataDir: true,
      env: {
        SMTP_URL: `smtp://portal:s3cret@127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'software@company.example',
        STAFF_EMAIL_DOMAINS: 'company.example',
        PUBLIC_URL: 'https://software.company.example',
      },
    });
  });
  afterAll(async () => {
    await portal.close();
    await smtp.close();
  });

  const requestLink = (email: string) =>
    portal.app.inject({
      method: 'PUT',
      url: '/v1/auth/redirects/requests',
      payload: { email, redirectPath: '/service' },
    });

  it('delivers the link to the canonical address from MAIL_FROM, and writes nothing to the outbox', async () => {
    const response = await requestLink(' Ana@Company.Example ');
    expect(response.statusCode).toBe(200);
    expect(smtp.deliveries).toHaveLength(1);
    const [delivery] = smtp.deliveries;
    expect(delivery!.from).toBe('software@company.example');
    expect(delivery!.to).toEqual(['ana@company.example']);
    expect(delivery!.mail.link!.origin).toBe('https://software.company.example');
    expect(delivery!.mail.link!.searchParams.get('redirect')).toBe('/service');

    const exchange = await portal.app.inject({
      method: 'POST',
      url: '/v1/auth/sessions',
      payload: { token: delivery!.mail.link!.searchParams.get('bearer') },
    });
    expect(exchange.statusCode).toBe(200);
    expect(await readOutbox(portal.dataDir)).toEqual([]);
  });

  it('says the mail could not be sent when the server refuses it, and lets the address ask again at once', async () => {
    refuse.add('bo@company.example');
    const failed = await requestLink('bo@company.example');
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({ message: MESSAGES.mailFailed });

    refuse.clear();
    expect((await requestLink('bo@company.example')).statusCode).toBe(200);
    expect(smtp.deliveries.at(-1)!.to).toEqual(['bo@company.example']);
  });
});
