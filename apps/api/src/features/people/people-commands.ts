import { STAFF_ROLES, type StaffRole } from '@portal/contracts';
import type { Config } from '../../config/config';
import type { Database } from '../../db/connect';
import { auditRecorder, commandAuditContext } from '../../plugins/audit-log';
import { orderedRoles } from '../../shared/staff-members';
import {
  changeRoles,
  listPeople,
  signOutEverywhere,
  staffAddressOf,
  type Changer,
  type PeopleSettings,
} from './people';

/** `npm run portal -- staff …` (docs/staff-roles.md): parsed before anything is opened. */
export type StaffCommand =
  | { kind: 'list' }
  | { kind: 'grant' | 'revoke'; email: string; roles: StaffRole[] }
  | { kind: 'sign-out'; email: string };

export const STAFF_USAGE = `  staff list                     Everyone who signed in or was invited, with their roles.
  staff grant <email> <role>…    Give roles (${STAFF_ROLES.join(', ')}); the address may not have
                                 signed in yet (how the first administrator is made).
  staff revoke <email> <role>…   Take roles away.
  staff sign-out <email>         End every session of that address at once.`;

export type Parsed = { ok: true; command: StaffCommand } | { ok: false; message: string };

/** The command `args` (after `staff`) name, or a one-line reason it is not one (exit 2). */
export function parseStaffCommand(args: readonly string[], settings: PeopleSettings): Parsed {
  const [verb, rawEmail, ...rest] = args;
  if (verb === 'list' && args.length === 1) return { ok: true, command: { kind: 'list' } };
  const needsRoles = verb === 'grant' || verb === 'revoke';
  if (
    !(needsRoles || verb === 'sign-out') ||
    rawEmail === undefined ||
    (needsRoles ? rest.length === 0 : rest.length > 0)
  )
    return { ok: false, message: `Usage:\n${STAFF_USAGE}` };
  const address = staffAddressOf(rawEmail, settings);
  if (address.refused) return { ok: false, message: address.message };
  if (verb === 'sign-out') return { ok: true, command: { kind: 'sign-out', email: address.email } };
  const unknown = rest.filter((name) => !(STAFF_ROLES as readonly string[]).includes(name));
  if (unknown.length > 0)
    return {
      ok: false,
      message: `Unknown role ${unknown.map((name) => JSON.stringify(name)).join(', ')}: the roles are ${STAFF_ROLES.join(', ')}.`,
    };
  return { ok: true, command: { kind: verb, email: address.email, roles: orderedRoles(rest) } };
}

export interface CommandResult {
  code: number;
  /** To standard output on success, standard error otherwise. */
  lines: string[];
}

const rolesText = (roles: readonly StaffRole[]) => (roles.length === 0 ? 'none' : roles.join(', '));

/**
 * Runs a staff command on the database (beside a running portal: its NOTIFY reaches every
 * portal, so the change holds from the person's next request). Changes are audited with
 * actor `cli`.
 */
export async function runStaffCommand(
  command: StaffCommand,
  { db, secretKey, config }: { db: Database; secretKey: Buffer; config: Config },
): Promise<CommandResult> {
  const settings: PeopleSettings = {
    staffEmailDomains: config.staffEmailDomains,
    adminEmails: config.adminEmails,
    identityProviderRoles: config.oidc?.roleMap !== undefined,
  };
  const changer: Changer = { context: commandAuditContext(), record: auditRecorder(secretKey) };
  switch (command.kind) {
    case 'list': {
      const people = await listPeople(db, settings);
      if (people.length === 0) return { code: 0, lines: ['No one has signed in or been invited yet.'] };
      return {
        code: 0,
        lines: people.map((person) =>
          [
            person.email,
            `roles: ${rolesText(person.roles)}${person.configuredAdmin ? ' (ADMIN_EMAILS)' : ''}`,
            `last sign-in: ${person.lastSignInAt ?? 'never'}`,
            `open sessions: ${person.activeSessions}`,
          ].join('  '),
        ),
      };
    }
    case 'grant':
    case 'revoke': {
      const { email, roles } = command;
      const granting = command.kind === 'grant';
      const outcome = await changeRoles(
        db,
        settings,
        changer,
        email,
        (current) => (granting ? [...current, ...roles] : current.filter((role) => !roles.includes(role))),
        { createMissing: granting },
      );
      if (outcome.refused) return { code: 1, lines: [outcome.message] };
      const verb = granting ? `Granted ${rolesText(roles)} to` : `Revoked ${rolesText(roles)} from`;
      return { code: 0, lines: [`${verb} ${email}: roles now ${rolesText(outcome.roles)}.`] };
    }
    case 'sign-out': {
      const outcome = await signOutEverywhere(db, changer, command.email);
      if (outcome.refused) return { code: 1, lines: [outcome.message] };
      const sessions = outcome.sessionsEnded === 1 ? '1 session' : `${outcome.sessionsEnded} sessions`;
      return { code: 0, lines: [`Signed ${command.email} out everywhere: ${sessions} ended.`] };
    }
  }
}
