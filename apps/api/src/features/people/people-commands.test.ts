import {
  AUDIT_ACTIONS,
  AUDIT_CLI_ACTOR,
  PEOPLE_MESSAGES,
  roleRequiredMessage,
  type AuditPage,
} from '@portal/contracts';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF_EMAIL, useDemoPortal } from '../../../test/demo-portal';
import { changeRoles, removePerson, type Changer } from './people';
import { auditRecorder, commandAuditContext } from '../../plugins/audit-log';
import { setRolesFromIdentityProvider, storedRolesOf } from '../../shared/staff-members';
import { parseStaffCommand, runStaffCommand, type StaffCommand } from './people-commands';

const SECRET_KEY = randomBytes(32);
const demo = useDemoPortal({ env: { SECRET_KEY: SECRET_KEY.toString('hex') } });
const settings = { staffEmailDomains: ['example.com'], adminEmails: [DEMO_STAFF_EMAIL] };
const SERVICE_KEY = '/v1/Cornerstone/ServiceKey';

const run = (command: StaffCommand) =>
  runStaffCommand(command, { db: demo.portal.database.db, secretKey: SECRET_KEY, config: demo.portal.app.config });
const command = (args: string[]): StaffCommand => {
  const parsed = parseStaffCommand(args, settings);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.command;
};
const audit = async () => (await demo.get('/v1/audit?limit=200', demo.staff)).json<AuditPage>();

describe('npm run portal -- staff …', () => {
  it('refuses an unknown role, an address outside the staff domains and bad usage, in one line', () => {
    expect(parseStaffCommand(['grant', 'ana@example.com', 'root', 'admin'], settings)).toEqual({
      ok: false,
      message: 'Unknown role "root": the roles are service, publisher, security, admin.',
    });
    expect(parseStaffCommand(['grant', 'ana@elsewhere.example', 'admin'], settings)).toEqual({
      ok: false,
      message: PEOPLE_MESSAGES.notStaffAddress(['example.com']),
    });
    for (const args of [[], ['grant', 'ana@example.com'], ['sign-out'], ['list', 'x'], ['promote', 'ana@example.com']])
      expect(parseStaffCommand(args, settings), args.join(' ')).toMatchObject({ ok: false, message: /^Usage:/ });
  });

  it('grants, revokes and signs out, each in one line, audited with actor cli; the running portal sees it on the next request', async () => {
    const bearer = await demo.signIn('cli.subject@example.com', []);
    expect((await demo.get(SERVICE_KEY, bearer)).statusCode).toBe(403);

    expect(await run(command(['grant', 'CLI.Subject@example.com', 'service', 'publisher']))).toEqual({
      code: 0,
      lines: ['Granted service, publisher to cli.subject@example.com: roles now service, publisher.'],
    });
    await expect.poll(async () => (await demo.get(SERVICE_KEY, bearer)).statusCode).toBe(200);

    expect(await run(command(['revoke', 'cli.subject@example.com', 'service']))).toEqual({
      code: 0,
      lines: ['Revoked service from cli.subject@example.com: roles now publisher.'],
    });
    await expect
      .poll(async () => (await demo.get(SERVICE_KEY, bearer)).json())
      .toEqual({
        message: roleRequiredMessage('service'),
      });

    expect(await run(command(['sign-out', 'cli.subject@example.com']))).toEqual({
      code: 0,
      lines: ['Signed cli.subject@example.com out everywhere: 1 session ended.'],
    });
    expect((await demo.get(SERVICE_KEY, bearer)).statusCode).toBe(401);

    const { entries } = await audit();
    const mine = entries.filter(
      (entry) => (entry.detail as { subject?: string } | null)?.subject === 'cli.subject@example.com',
    );
    expect(mine.map((entry) => [entry.actorEmail, entry.action])).toEqual([
      [AUDIT_CLI_ACTOR, AUDIT_ACTIONS.signOutEverywhere],
      [AUDIT_CLI_ACTOR, AUDIT_ACTIONS.rolesChange],
      [AUDIT_CLI_ACTOR, AUDIT_ACTIONS.rolesChange],
    ]);
    // Written with the portal's own key: the chain still holds.
    expect((await demo.get('/v1/audit/verification', demo.staff)).json()).toMatchObject({ state: 'intact' });
  });

  it('makes a first administrator of an address that has not signed in yet, and lists everyone', async () => {
    expect((await run(command(['grant', 'first.admin@example.com', 'admin']))).code).toBe(0);
    const listed = await run({ kind: 'list' });
    expect(listed.code).toBe(0);
    expect(listed.lines.find((line) => line.startsWith('first.admin@example.com'))).toContain('roles: admin');
    expect(listed.lines.find((line) => line.startsWith(DEMO_STAFF_EMAIL))).toContain('roles: admin (ADMIN_EMAILS)');
  });

  it('refuses to take admin from an ADMIN_EMAILS address or to sign out someone unknown, changing nothing', async () => {
    expect(await run(command(['revoke', DEMO_STAFF_EMAIL, 'admin']))).toEqual({
      code: 1,
      lines: [PEOPLE_MESSAGES.configuredAdmin],
    });
    expect(await run(command(['sign-out', 'never.seen@example.com']))).toEqual({
      code: 1,
      lines: [PEOPLE_MESSAGES.noSuchPerson],
    });
  });

  it('runs as a process beside the running portal: one line out, exit 2 with one line for a bad role', async () => {
    const cli = fileURLToPath(new URL('../../cli.ts', import.meta.url));
    const env = {
      PATH: process.env.PATH,
      DATA_DIR: demo.dataDir,
      DATABASE_URL: demo.portal.database.url.toString(),
      SECRET_KEY: SECRET_KEY.toString('hex'),
      ADMIN_EMAILS: DEMO_STAFF_EMAIL,
    };
    const portal = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', cli, 'staff', ...args], { env }).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
    const bearer = await demo.signIn('process.subject@example.com', []);
    const granted = await portal('grant', 'process.subject@example.com', 'service');
    expect(granted).toMatchObject({
      code: 0,
      stdout: 'Granted service to process.subject@example.com: roles now service.\n',
    });
    await expect.poll(async () => (await demo.get(SERVICE_KEY, bearer)).statusCode).toBe(200);
    const refused = await portal('grant', 'process.subject@example.com', 'superuser');
    expect(refused).toMatchObject({
      code: 2,
      stderr: 'Unknown role "superuser": the roles are service, publisher, security, admin.\n',
    });
  });
});

describe('the last administrator', () => {
  it('cannot lose admin or be removed when no ADMIN_EMAILS address is left to administer', async () => {
    // As a portal without ADMIN_EMAILS sees it: only the database says who administers.
    const alone = { staffEmailDomains: ['example.com'], adminEmails: [] };
    const changer: Changer = { context: commandAuditContext(), record: auditRecorder(SECRET_KEY) };
    const { db } = demo.portal.database;
    await demo.signIn('last.admin@example.com', ['admin']);
    // Everyone else loses admin first, which is allowed while someone still holds it.
    for (const email of [DEMO_STAFF_EMAIL, 'first.admin@example.com'])
      expect(await changeRoles(db, alone, changer, email, () => ['service'])).toMatchObject({ refused: false });
    const before = (await audit()).entries.length;
    expect(await changeRoles(db, alone, changer, 'last.admin@example.com', () => ['service'])).toEqual({
      refused: true,
      status: 409,
      message: PEOPLE_MESSAGES.lastAdmin,
    });
    expect(await removePerson(db, alone, changer, 'last.admin@example.com')).toMatchObject({
      refused: true,
      message: PEOPLE_MESSAGES.lastAdmin,
    });
    expect((await audit()).entries.length).toBe(before);
    // Once someone else administers, the former last one may go.
    expect(await changeRoles(db, alone, changer, 'first.admin@example.com', () => ['admin'])).toMatchObject({
      refused: false,
    });
    expect(await removePerson(db, alone, changer, 'last.admin@example.com')).toMatchObject({ refused: false });
  });

  it("refuses to change roles that come from the identity provider's groups while OIDC_ROLE_MAP is set", async () => {
    const email = `idp-${randomBytes(3).toString('hex')}@example.com`;
    const { db } = demo.portal.database;
    await db.transaction((tx) => setRolesFromIdentityProvider(tx, email, ['publisher']));
    const config = demo.portal.app.config;
    const withMap = {
      ...config,
      oidc: {
        issuer: new URL('https://login.example.com'),
        clientId: 'portal',
        clientSecret: 'secret',
        name: 'Contoso',
        only: false,
        rolesClaim: 'groups',
        roleMap: { publisher: ['portal-publishers'] },
        sessionHours: 12,
      },
    };
    const grant: StaffCommand = { kind: 'grant', email, roles: ['admin'] };
    expect(await runStaffCommand(grant, { db, secretKey: SECRET_KEY, config: withMap })).toEqual({
      code: 1,
      lines: [PEOPLE_MESSAGES.identityProviderRoles],
    });
    expect(await storedRolesOf(db, email)).toEqual(['publisher']);
    // Without the map the portal no longer takes roles from the provider: People sets them again.
    expect((await runStaffCommand(grant, { db, secretKey: SECRET_KEY, config })).code).toBe(0);
    expect(await storedRolesOf(db, email)).toEqual(['publisher', 'admin']);
  });
});
