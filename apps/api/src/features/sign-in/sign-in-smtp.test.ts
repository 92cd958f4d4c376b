import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../../../../test-kit/outbox';
import { startSmtpPeer, type SmtpPeer } from '../../../../../test-kit/smtp-peer';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { MESSAGES } from './sign-in-routes';

describe('sign-in mail over SMTP', () => {
  let smtp: SmtpPeer;
  let portal: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    portal = await createTestApp({
      withDataDir: true,
      env: {
        SMTP_URL: smtp.url,
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
    smtp.refuse.add('bo@company.example');
    const failed = await requestLink('bo@company.example');
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({ message: MESSAGES.mailFailed });

    smtp.refuse.clear();
    expect((await requestLink('bo@company.example')).statusCode).toBe(200);
    expect(smtp.deliveries.at(-1)!.to).toEqual(['bo@company.example']);
  });
});
