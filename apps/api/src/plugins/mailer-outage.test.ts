import { type AuditPage, SERVICE_OUTAGES, SIGN_IN_PATHS } from '@portal/contracts';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startSmtpPeer } from '../../../../test-kit/smtp-peer';
import { capturedLog } from '../../test/captured-log';
import { useDemoPortal } from '../../test/demo-portal';

/**
 * The fault suite's mail row (docs/operations.md, "When things fail"): the real SMTP server
 * the portal sends through (SMTP_URL) is stopped and started again. Whoever asked for a mail
 * is told, in words, that it cannot be sent now (503 with Retry-After); nothing is kept that
 * claims otherwise (no usable link nobody received, no audit row of a sent mail, no count);
 * the operator reads one line and a gauge; mail goes again once the server is back, with no restart.
 */
const smtp = await startSmtpPeer();
const log = capturedLog();
const demo = useDemoPortal({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'software@example.com' }, options: log.options });
afterAll(() => smtp.close());

/** The operator's line: which server (its password hidden), why, and what is refused. */
const OUTAGE_LINE =
  /^The mail server at smtp:\/\/portal:\*\*\*@127\.0\.0\.1:\d+\/? is unreachable \(E[A-Z]+: .*ECONNREFUSED.*\): sign-in links and response keys are not sent, and their requests answer 503, until it is back$/;

let nextAddress = 1;
const newStaffAddress = () => `mail-outage-${nextAddress++}@example.com`;
const requestLink = (email: string) =>
  demo.portal.app.inject({
    method: 'PUT',
    url: SIGN_IN_PATHS.linkRequests,
    remoteAddress: '192.0.2.50',
    payload: { email, redirectPath: '/service' },
  });
const exchange = (token: string) =>
  demo.portal.app.inject({
    method: 'POST',
    url: SIGN_IN_PATHS.sessions,
    remoteAddress: '192.0.2.50',
    payload: { token },
  });
const tokenMailedTo = (email: string) =>
  smtp.deliveries.findLast((delivery) => delivery.to.includes(email))?.mail.link?.searchParams.get('bearer');
const linksOf = async (email: string) =>
  (
    await demo.portal.database.pool.query<{ superseded: boolean; consumed: boolean }>(
      'SELECT superseded_at IS NOT NULL AS superseded, consumed_at IS NOT NULL AS consumed FROM sign_in_links WHERE email = $1',
      [email],
    )
  ).rows;
const gauge = async (name: string) =>
  (await demo.portal.app.metrics.registry.getSingleMetric(name)!.get()).values[0]?.value;

/** Stops the mail server for `during`, starts it again whatever happened, and waits until the portal has seen it back. */
async function withMailServerStopped(during: () => Promise<void>) {
  await smtp.stop();
  try {
    await during();
  } finally {
    await smtp.start();
  }
  await expect.poll(() => gauge('portal_mail_up'), { timeout: 10_000 }).toBe(1);
}

describe('the SMTP server stopped', () => {
  it('a sign-in link request says the mail cannot be sent now, keeps nothing of it, and leaves the link already mailed working; mail goes again once it is back', async () => {
    const ana = newStaffAddress();
    expect((await requestLink(ana)).statusCode).toBe(200);
    const earlierToken = tokenMailedTo(ana)!;
    expect(earlierToken).toBeTruthy();
    const sent = await gauge('portal_sign_in_mails_sent_total');
    const delivered = smtp.deliveries.length;
    const linesBefore = log.lines.length;
    const bo = newStaffAddress();

    await withMailServerStopped(async () => {
      // A minute later (the one-mail-a-minute rule would refuse sooner), Ana asks again.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
      try {
        for (const email of [ana, bo]) {
          const refused = await requestLink(email);
          expect(refused.statusCode).toBe(503);
          expect(refused.headers['retry-after']).toBe(String(SERVICE_OUTAGES.signInMail.retryAfterSeconds));
          expect(refused.json()).toEqual({ message: SERVICE_OUTAGES.signInMail.message });
        }
        // Nothing half-done: Ana's one link is the one she received, still usable; Bo has none.
        expect(await linksOf(ana)).toEqual([{ superseded: false, consumed: false }]);
        expect(await linksOf(bo)).toEqual([]);
        expect(smtp.deliveries).toHaveLength(delivered);
        expect(await gauge('portal_sign_in_mails_sent_total')).toBe(sent);
        // The mail she already has still signs her in: no mail is needed for that.
        expect((await exchange(earlierToken)).statusCode).toBe(200);
      } finally {
        vi.useRealTimers();
      }
      // The operator: one warning for the outage (two refused requests), no error per request; the gauge.
      const problems = log.lines.slice(linesBefore).filter((line) => line.level >= 40);
      expect(problems.map((line) => line.msg)).toEqual([expect.stringMatching(OUTAGE_LINE)]);
      expect(await gauge('portal_mail_up')).toBe(0);
    });

    // Back, with no restart: Bo's request mails him a link that signs him in.
    expect((await requestLink(bo)).statusCode).toBe(200);
    expect((await exchange(tokenMailedTo(bo)!)).statusCode).toBe(200);
    const after = log.lines.slice(linesBefore);
    expect(after.filter((line) => /^The mail server at .* answers again after \d+\.\d s$/.test(line.msg))).toHaveLength(
      1,
    );
    expect(after.filter((line) => line.level >= 40)).toHaveLength(1);
    expect(JSON.stringify(after)).not.toContain('s3cret');
  });

  it('a response key request says the mail cannot be sent now, and the audit log records it as not sent; it is sent once the server is back', async () => {
    const send = () =>
      demo.portal.app.inject({
        method: 'POST',
        url: '/v1/Cornerstone/PasswordReset',
        headers: { authorization: demo.staff },
        payload: { registrationId: 'DEMO-CS-1001', challengeKey: '24681357' },
      });
    const audit = async (limit: number) =>
      (await demo.get(`/v1/audit?limit=${limit}`, demo.staff)).json<AuditPage>().entries;
    const delivered = smtp.deliveries.length;

    await withMailServerStopped(async () => {
      const refused = await send();
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe(String(SERVICE_OUTAGES.responseKeyMail.retryAfterSeconds));
      expect(refused.json()).toEqual({ message: SERVICE_OUTAGES.responseKeyMail.message });
      // The audit log says what happened, and claims no mail: the `sent` row was rolled back.
      const [latest, before] = await audit(2);
      expect(latest).toMatchObject({ action: 'password-reset.response-key-mail', outcome: 'not sent: mail failed' });
      expect([before?.action, before?.outcome]).not.toEqual(['password-reset.response-key-mail', 'sent']);
      expect(smtp.deliveries).toHaveLength(delivered);
    });

    const sent = await send();
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ emailSent: true, authorizedAdminEmails: ['lab.admin@customer.example'] });
    expect(smtp.deliveries.at(-1)!.to).toEqual(['lab.admin@customer.example']);
    expect((await audit(1))[0]).toMatchObject({ outcome: 'sent' });
  });
});
