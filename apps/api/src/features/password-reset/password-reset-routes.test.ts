import type { AuditPage, PasswordResetStatus } from '@portal/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { useDemoPortal } from '../../../test/demo-portal';
import { readOutbox } from '../../../../../test-kit/outbox';
import { appendAudit, auditChainKey } from '../../plugins/audit-log-chain';

const demo = useDemoPortal();
const { get } = demo;
let otherManager: string;
let newcomer: string;

beforeAll(async () => {
  // Staff members with the role the first sign-in gives by default (STAFF_DEFAULT_ROLES: service).
  const bearer = (email: string) => demo.signIn(email, ['service']);
  otherManager = await bearer('another.manager@example.com');
  newcomer = await bearer('newcomer@example.com');
});

const status = (registrationId: string, authorization = demo.staff) =>
  get(`/v1/Cornerstone/PasswordReset/${registrationId}`, authorization);
const put = (body: object, authorization = demo.staff) =>
  demo.portal.app.inject({
    method: 'PUT',
    url: '/v1/Cornerstone/PasswordReset',
    headers: { authorization },
    payload: body,
  });
const post = (body: object, authorization = demo.staff) =>
  demo.portal.app.inject({
    method: 'POST',
    url: '/v1/Cornerstone/PasswordReset',
    headers: { authorization },
    payload: body,
  });
const latestAudit = async () => (await get('/v1/audit?limit=1', demo.staff)).json<AuditPage>().entries[0];

describe('GET /v1/Cornerstone/PasswordReset/{registrationId}', () => {
  it('answers each branch of the password reset (docs/demo-data.md)', async () => {
    const answers = Object.fromEntries(
      await Promise.all(
        ['DEMO-CS-1001', 'DEMO-ONH-1002', 'DEMO-DEV-1003', 'DEMO-DEMO-1004'].map(async (id) => {
          const response = await status(id);
          expect(response.headers['cache-control']).toBe('private, no-store');
          return [id, response.json<PasswordResetStatus>()] as const;
        }),
      ),
    );
    expect(answers).toEqual({
      'DEMO-CS-1001': {
        isRegistrationIdValid: true,
        family: 'CS',
        requiresAuthorizedAdmins: true,
        isManager: true,
        authorizedAdminEmails: ['lab.admin@customer.example'],
      },
      'DEMO-ONH-1002': {
        isRegistrationIdValid: true,
        family: 'ONH',
        requiresAuthorizedAdmins: true,
        isManager: false,
        authorizedAdminEmails: ['onh.admin@customer.example'],
      },
      'DEMO-DEV-1003': {
        isRegistrationIdValid: true,
        family: 'TGA',
        requiresAuthorizedAdmins: true,
        isManager: true,
        authorizedAdminEmails: [],
      },
      'DEMO-DEMO-1004': {
        isRegistrationIdValid: true,
        family: 'CS',
        requiresAuthorizedAdmins: false,
        isManager: false,
        authorizedAdminEmails: [],
      },
    });
    expect((await status(' demo-onh-1002 ', otherManager)).json()).toMatchObject({ isManager: true });
  });

  it("answers 400 'Invalid Registration ID' to an unknown, revoked or ChromaTOF ID", async () => {
    for (const id of ['NOPE-0000', 'DEMO-REVOKED-1005', 'DEMO-KEY-2001']) {
      const response = await status(id);
      expect(response.statusCode, id).toBe(400);
      expect(response.json()).toEqual({ message: 'Invalid Registration ID' });
    }
  });

  it('answers only signed-in staff', async () => {
    const response = await get('/v1/Cornerstone/PasswordReset/DEMO-CS-1001', 'Hasp id=DEMO-CS-1001', {
      remoteAddress: demo.freshClient(),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /v1/Cornerstone/PasswordReset: the manager matrix', () => {
  it('refuses, with 403, anyone but a manager of a registration that requires authorized admins', async () => {
    const cases: [string, string][] = [
      ['DEMO-ONH-1002', demo.staff], // a registration someone else manages
      ['DEMO-CS-1001', otherManager], // a manager, of another registration
      ['DEMO-CS-1001', newcomer], // manages nothing
      ['DEMO-DEMO-1004', demo.staff], // does not require authorized admins
    ];
    for (const [registrationId, authorization] of cases) {
      const response = await put(
        { registrationId, authorizedAdminEmails: ['intruder@customer.example'] },
        authorization,
      );
      expect(response.statusCode, registrationId).toBe(403);
      expect(response.json()).toEqual({
        message: 'Only a manager of this registration may change its authorized admins.',
      });
      expect(await latestAudit()).toMatchObject({
        action: 'password-reset.admin-list-change',
        outcome: 'refused: not a manager',
      });
    }
    expect((await status('DEMO-ONH-1002')).json().authorizedAdminEmails).toEqual(['onh.admin@customer.example']);
    expect((await status('DEMO-DEMO-1004')).json().authorizedAdminEmails).toEqual([]);
  });

  it("answers 400 'Invalid Registration ID' and 400 to a malformed body", async () => {
    const unknown = await put({ registrationId: 'NOPE-0000', authorizedAdminEmails: [] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: 'Invalid Registration ID' });
    expect((await put({ registrationId: 'DEMO-CS-1001' })).statusCode).toBe(400);
    expect((await put({ registrationId: 'DEMO-CS-1001', authorizedAdminEmails: [{}] })).statusCode).toBe(400);
    const tooMany = await put({
      registrationId: 'DEMO-CS-1001',
      authorizedAdminEmails: Array.from({ length: 21 }, (_, i) => `admin${i}@customer.example`),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ message: 'Enter at most 20 authorized admin e-mails.' });
  });

  it('saves canonical addresses only, tells removed addresses by mail, and audits the change', async () => {
    const response = await put({
      registrationId: 'DEMO-DEV-1003',
      authorizedAdminEmails: [
        '  First.Admin@Customer.Example ',
        '',
        '   ',
        'bad address@customer.example',
        'a%b@customer.example',
        'second@customer.example',
        'first.admin@customer.example',
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      isRegistrationIdValid: true,
      family: 'TGA',
      requiresAuthorizedAdmins: true,
      isManager: true,
      authorizedAdminEmails: ['first.admin@customer.example', 'second@customer.example'],
    });
    expect((await status('DEMO-DEV-1003')).json().authorizedAdminEmails).toEqual([
      'first.admin@customer.example',
      'second@customer.example',
    ]);
    expect(await latestAudit()).toMatchObject({
      actorEmail: 'staff@example.com',
      action: 'password-reset.admin-list-change',
      outcome: 'saved',
      registrationDigest: demo.portal.app.registrations.digestOf({ scheme: 'hasp', id: 'DEMO-DEV-1003' }),
      detail: { added: 2, removed: 0, count: 2 },
    });

    await put({ registrationId: 'DEMO-DEV-1003', authorizedAdminEmails: ['second@customer.example'] });
    const told = (await readOutbox(demo.dataDir)).filter((mail) => mail.to === 'first.admin@customer.example');
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toContain('no longer an authorized admin');
    expect(told[0]!.decoded).toContain('registration ending in 1003');
    expect(told[0]!.decoded).not.toContain('DEMO-DEV-1003');
    expect(await latestAudit()).toMatchObject({ detail: { added: 0, removed: 1, count: 1 } });
  });
});

describe('POST /v1/Cornerstone/PasswordReset', () => {
  it('mails the response key to the authorized admins on record only, and audits it', async () => {
    const response = await post({ registrationId: 'DEMO-CS-1001', challengeKey: '12345678' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ emailSent: true, authorizedAdminEmails: ['lab.admin@customer.example'] });
    const responseKey = demo.portal.app.serviceKeys.passwordResetResponseFor('12345678');
    const mails = (await readOutbox(demo.dataDir)).filter((mail) =>
      mail.decoded.includes(`Response key: ${responseKey}`),
    );
    expect(mails.map((mail) => mail.to)).toEqual(['lab.admin@customer.example']);
    // Service Mode answers the same challenge with another code: it cannot stand in for the mail.
    const serviceMode = (await get('/v1/Cornerstone/ServiceKey/Challenge/12345678', demo.staff)).json().responseCode;
    expect(serviceMode).toMatch(/^\d{8}$/);
    expect(serviceMode).not.toBe(responseKey);
    expect(mails[0]!.decoded).not.toContain(serviceMode);
    expect(mails[0]!.decoded).toContain('staff@example.com asked for the response key');
    const [, mailed] = (await get('/v1/audit?limit=2', demo.staff)).json<AuditPage>().entries;
    expect(mailed).toMatchObject({
      action: 'password-reset.response-key-mail',
      outcome: 'sent',
      detail: { recipients: 1 },
      subjectDigest: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(JSON.stringify(mailed)).not.toContain('12345678');
  });

  it('answers emailSent false when no address is on record, with or without the requirement', async () => {
    for (const registrationId of ['DEMO-DEMO-1004']) {
      const response = await post({ registrationId, challengeKey: '42' });
      expect(response.json()).toEqual({ emailSent: false, authorizedAdminEmails: [] });
      expect(await latestAudit()).toMatchObject({ outcome: 'not sent: no authorized admin' });
    }
  });

  it("answers 400 'Invalid Registration ID' and 400 'Invalid Challenge Key'", async () => {
    const unknown = await post({ registrationId: 'DEMO-REVOKED-1005', challengeKey: '1234' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: 'Invalid Registration ID' });
    for (const challengeKey of ['', 'abc', '123456789']) {
      const malformed = await post({ registrationId: 'DEMO-ONH-1002', challengeKey });
      expect(malformed.statusCode, challengeKey).toBe(400);
      expect(malformed.json()).toEqual({ message: 'Invalid Challenge Key' });
    }
  });

  it('limits response-key mails per registration and per staff member, across portals (counted in the audit log)', async () => {
    // DEMO-CS-1001 has mailed once (above): four more in the hour, then 429 for anyone.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await post({ registrationId: 'DEMO-CS-1001', challengeKey: String(i) }, newcomer)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const braked = await post({ registrationId: 'demo-cs-1001', challengeKey: '9' }, otherManager);
    expect(braked.statusCode).toBe(429);
    expect(braked.json()).toEqual({ message: 'Too many response keys were requested. Please try again later.' });
    expect(Number(braked.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await latestAudit()).toMatchObject({ outcome: 'sent' });

    // A staff member with 20 mails sent in the hour (4 above, 16 more from other portals) is braked everywhere.
    const chainKey = auditChainKey(demo.portal.app.secretKey);
    for (let i = 0; i < 16; i++) {
      await appendAudit(demo.portal.database.db, chainKey, {
        actorEmail: 'newcomer@example.com',
        action: 'password-reset.response-key-mail',
        outcome: 'sent',
        registrationDigest: `elsewhere ${i}`,
        requestId: 'req-elsewhere',
        clientAddress: '192.0.2.0',
        subjectDigest: null,
        detail: null,
      });
    }
    expect((await post({ registrationId: 'DEMO-ONH-1002', challengeKey: '1' }, newcomer)).statusCode).toBe(429);
    expect((await post({ registrationId: 'DEMO-ONH-1002', challengeKey: '1' }, otherManager)).statusCode).toBe(200);
  });
});
