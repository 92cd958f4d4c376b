import {
  AUDIT_ACTIONS,
  AUTHORIZED_ADMINS_MAX,
  ErrorBody,
  PASSWORD_RESET_MESSAGES,
  PASSWORD_RESET_PATHS,
  PasswordResetParams,
  PasswordResetSend,
  PasswordResetSent,
  PasswordResetStatus,
  PasswordResetUpdate,
  SERVICE_OUTAGES,
  siteNameOf,
} from '@portal/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { DatabaseExecutor } from '../../db/connect';
import { STAFF_AUTH_RESPONSES, StaffAuthorizationHeaders } from '../../plugins/staff-auth';
import { ServiceUnavailableError } from '../../shared/service-availability';
import { removedAdminMail, responseKeyMail } from './password-reset-mail';
import { savableAdminEmails, saveAdminEmails, settingsOf } from './password-reset';

/** Response-key mails sent per registration and per staff member in an hour, counted from the audit log (decision 077). */
export const MAILS_PER_REGISTRATION_PER_HOUR = 5;
export const MAILS_PER_STAFF_MEMBER_PER_HOUR = 20;
const HOUR_MS = 3600_000;

/** Administrator password reset (SPEC §2, §4, §8; docs/password-reset.md). */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['password-reset'];
  const { messages, siteName } = { messages: PASSWORD_RESET_MESSAGES, siteName: siteNameOf(app.config.makerName) };

  /** The published, unrevoked Cornerstone registration an ID names. */
  const registrationOf = async (registrationId: string) => {
    const credential = { scheme: 'hasp' as const, id: registrationId };
    const digest = app.registrations.digestOf(credential);
    const registration = await app.registrations.find(credential, digest);
    return registration && { digest, family: registration.family };
  };

  app.get(
    PASSWORD_RESET_PATHS.status,
    {
      config: { staffAccess: 'service' },
      schema: {
        tags,
        summary:
          'Whether a registration ID is valid, its family, and its authorized admins as this staff member may see them',
        headers: StaffAuthorizationHeaders,
        params: PasswordResetParams,
        response: { 200: PasswordResetStatus, 400: ErrorBody, ...STAFF_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      const registration = await registrationOf(request.params.registrationId);
      if (!registration) return reply.status(400).send({ message: messages.invalidRegistrationId });
      const settings = await settingsOf(app.db, registration.digest, request.staff!.email);
      return { isRegistrationIdValid: true, family: registration.family, ...settings };
    },
  );

  app.put(
    PASSWORD_RESET_PATHS.reset,
    {
      config: { staffAccess: 'service' },
      schema: {
        tags,
        summary: "Save a registration's authorized admin e-mails (its managers only)",
        headers: StaffAuthorizationHeaders,
        body: PasswordResetUpdate,
        response: { 200: PasswordResetStatus, 400: ErrorBody, ...STAFF_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      const staff = request.staff!.email;
      const registration = await registrationOf(request.body.registrationId);
      if (!registration) return reply.status(400).send({ message: messages.invalidRegistrationId });
      const emails = savableAdminEmails(request.body.authorizedAdminEmails);
      if (emails.length > AUTHORIZED_ADMINS_MAX) return reply.status(400).send({ message: messages.tooManyAdmins });
      const outcome = await app.db.transaction(async (tx) => {
        const before = await settingsOf(tx, registration.digest, staff, { lock: true });
        if (!before.isManager) {
          await app.auditLog.record(tx, request, {
            action: AUDIT_ACTIONS.adminListChange,
            outcome: 'refused: not a manager',
            registrationDigest: registration.digest,
          });
          return { kind: 'refused' as const };
        }
        const removed = before.authorizedAdminEmails.filter((email) => !emails.includes(email));
        const added = emails.filter((email) => !before.authorizedAdminEmails.includes(email));
        await saveAdminEmails(tx, registration.digest, emails, staff);
        await app.auditLog.record(tx, request, {
          action: AUDIT_ACTIONS.adminListChange,
          outcome: 'saved',
          registrationDigest: registration.digest,
          detail: { added: added.length, removed: removed.length, count: emails.length },
        });
        return { kind: 'saved' as const, removed, settings: { ...before, authorizedAdminEmails: emails } };
      });
      if (outcome.kind === 'refused') return reply.status(403).send({ message: messages.notManager });
      await tellRemoved(request, outcome.removed, request.body.registrationId, staff);
      return { isRegistrationIdValid: true, family: registration.family, ...outcome.settings };
    },
  );

  /** Addresses taken off a list hear of it; a mail that fails is logged, the list stays saved. */
  async function tellRemoved(request: FastifyRequest, removed: string[], registrationId: string, changedBy: string) {
    for (const to of removed) {
      try {
        await app.mailer.send(removedAdminMail({ to, siteName, registrationId, changedBy }));
      } catch (error) {
        request.log.error({ err: error }, 'the mail to a removed authorized admin could not be sent');
      }
    }
  }

  /** 0 when both limits allow another mail; otherwise when the oldest counted mail leaves the hour. */
  async function secondsUntilAllowed(tx: DatabaseExecutor, registrationDigest: string, actorEmail: string) {
    const since = new Date(Date.now() - HOUR_MS);
    const sent = { action: AUDIT_ACTIONS.responseKeyMail, outcome: 'sent' };
    let wait = 0;
    for (const [filter, max] of [
      [{ ...sent, registrationDigest }, MAILS_PER_REGISTRATION_PER_HOUR],
      [{ ...sent, actorEmail }, MAILS_PER_STAFF_MEMBER_PER_HOUR],
    ] as const) {
      const { count, oldest } = await app.auditLog.countActs(tx, filter, since);
      if (count >= max && oldest) wait = Math.max(wait, Math.ceil((oldest.getTime() + HOUR_MS - Date.now()) / 1000));
    }
    return wait;
  }

  app.post(
    PASSWORD_RESET_PATHS.reset,
    {
      config: { staffAccess: 'service' },
      schema: {
        tags,
        summary: 'Mail the response key for a challenge key to the authorized admins of a registration',
        headers: StaffAuthorizationHeaders,
        body: PasswordResetSend,
        response: { 200: PasswordResetSent, 400: ErrorBody, 429: ErrorBody, 503: ErrorBody, ...STAFF_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      const { registrationId, challengeKey } = request.body;
      const registration = await registrationOf(registrationId);
      if (!registration) return reply.status(400).send({ message: messages.invalidRegistrationId });
      const responseKey = app.serviceKeys.passwordResetResponseFor(challengeKey);
      if (responseKey === undefined) return reply.status(400).send({ message: messages.invalidChallengeKey });

      const act = {
        action: AUDIT_ACTIONS.responseKeyMail,
        registrationDigest: registration.digest,
        secret: challengeKey,
      };
      const staff = request.staff!.email;
      const outcome = await app.db
        .transaction(async (tx) => {
          const retryAfter = await secondsUntilAllowed(tx, registration.digest, staff);
          if (retryAfter > 0) return { kind: 'too-many' as const, retryAfter };
          const { authorizedAdminEmails } = await settingsOf(tx, registration.digest, staff, { lock: true });
          if (authorizedAdminEmails.length === 0) {
            await app.auditLog.record(tx, request, { ...act, outcome: 'not sent: no authorized admin' });
            return { kind: 'answered' as const, answer: { emailSent: false, authorizedAdminEmails } };
          }
          // The row commits only if every mail went: a failure rolls it back and is recorded below.
          await app.auditLog.record(tx, request, {
            ...act,
            outcome: 'sent',
            detail: { recipients: authorizedAdminEmails.length },
          });
          for (const to of authorizedAdminEmails) {
            await app.mailer.send(
              responseKeyMail({
                to,
                siteName,
                registrationId,
                family: registration.family,
                challengeKey,
                responseKey,
                requestedBy: staff,
              }),
            );
          }
          return { kind: 'answered' as const, answer: { emailSent: true, authorizedAdminEmails } };
        })
        .catch(async (error: unknown) => {
          // The mail server away is logged once per outage by the mailer; any other failure here.
          const serverAway = error instanceof ServiceUnavailableError;
          if (!serverAway) request.log.error({ err: error }, 'the response key mail could not be sent');
          await app.db.transaction((tx) =>
            app.auditLog.record(tx, request, { ...act, outcome: 'not sent: mail failed' }),
          );
          return { kind: 'failed' as const, serverAway };
        });
      if (outcome.kind === 'too-many') {
        return reply.status(429).header('retry-after', String(outcome.retryAfter)).send({ message: messages.tooMany });
      }
      if (outcome.kind === 'failed' && outcome.serverAway) {
        const { message, retryAfterSeconds } = SERVICE_OUTAGES.responseKeyMail;
        return reply.status(503).header('retry-after', String(retryAfterSeconds)).send({ message });
      }
      if (outcome.kind === 'failed') return reply.status(503).send({ message: messages.notSent });
      return outcome.answer;
    },
  );
};

export const passwordResetRoutes = fp(routes, {
  name: 'password-reset-routes',
  dependencies: ['config', 'database', 'staff-roles', 'mailer', 'registrations', 'service-keys', 'audit-log'],
  encapsulate: true,
});
