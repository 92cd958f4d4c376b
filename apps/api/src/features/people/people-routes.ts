import {
  ErrorBody,
  InvitePerson,
  Me,
  PeopleList,
  PEOPLE_PATHS,
  Person,
  PersonParams,
  SetRoles,
} from '@portal/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { auditRecorder, requestAuditContext } from '../../plugins/audit-log';
import { STAFF_AUTH_RESPONSES, StaffAuthorizationHeaders } from '../../plugins/staff-auth';
import {
  administrators,
  changeRoles,
  invitePerson,
  listPeople,
  removePerson,
  signOutEverywhere,
  staffAddressOf,
  type Changer,
  type Refusal,
} from './people';

/** People: who is staff and with which roles (docs/staff-roles.md). Administrators only, but `me`. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['people'];
  const settings = {
    staffEmailDomains: app.config.staffEmailDomains,
    adminEmails: app.config.adminEmails,
    identityProviderRoles: app.config.oidc?.roleMap !== undefined,
  };
  const record = auditRecorder(app.secretKey);
  const changerOf = (request: FastifyRequest): Changer => ({ context: requestAuditContext(request), record });
  const refused = (reply: FastifyReply, refusal: Refusal) =>
    reply.status(refusal.status).send({ message: refusal.message });
  /** A path's address as the table keys it, or the 400 of a malformed one or one outside the staff domains. */
  const subjectOf = (raw: string) => staffAddressOf(raw, settings);
  const personOf = async (email: string) => {
    const [person] = await listPeople(app.db, settings, { only: email });
    if (!person) throw new Error('a person just written is not in the People list');
    return person;
  };

  app.get(
    PEOPLE_PATHS.me,
    {
      config: { staffAccess: 'staff' },
      schema: {
        tags,
        summary: "The caller's own roles, and whom to ask for one (the administrators)",
        headers: StaffAuthorizationHeaders,
        response: { 200: Me, ...STAFF_AUTH_RESPONSES },
      },
    },
    async (request) => {
      const { email } = request.staff!;
      return {
        email,
        roles: await app.staffRoles.rolesOf(email),
        administrators: await administrators(app.db, settings),
      };
    },
  );

  app.get(
    PEOPLE_PATHS.people,
    {
      config: { staffAccess: 'admin' },
      schema: {
        tags,
        summary: 'Everyone who has signed in or been invited, with roles and open sessions',
        headers: StaffAuthorizationHeaders,
        response: { 200: PeopleList, ...STAFF_AUTH_RESPONSES },
      },
    },
    async () => ({ people: await listPeople(app.db, settings) }),
  );

  app.post(
    PEOPLE_PATHS.people,
    {
      config: { staffAccess: 'admin' },
      schema: {
        tags,
        summary: 'Invite an address of the staff domains, with roles, before its first sign-in',
        headers: StaffAuthorizationHeaders,
        body: InvitePerson,
        response: { 201: Person, 400: ErrorBody, 409: ErrorBody, ...STAFF_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      const outcome = await invitePerson(app.db, settings, changerOf(request), request.body.email, request.body.roles);
      if (outcome.refused) return refused(reply, outcome);
      app.staffRoles.forget(outcome.email);
      return reply.status(201).send(await personOf(outcome.email));
    },
  );

  app.put(
    PEOPLE_PATHS.roles,
    {
      config: { staffAccess: 'admin' },
      schema: {
        tags,
        summary: "Set a person's roles (all of them: the later of two changes wins)",
        headers: StaffAuthorizationHeaders,
        params: PersonParams,
        body: SetRoles,
        response: { 200: Person, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...STAFF_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      const subject = subjectOf(request.params.email);
      if (subject.refused) return refused(reply, subject);
      const { roles } = request.body;
      const outcome = await changeRoles(app.db, settings, changerOf(request), subject.email, () => roles);
      if (outcome.refused) return refused(reply, outcome);
      app.staffRoles.forget(subject.email);
      return personOf(subject.email);
    },
  );

  app.delete(
    PEOPLE_PATHS.sessions,
    {
      config: { staffAccess: 'admin' },
      schema: {
        tags,
        summary: 'Sign a person out everywhere: all their sessions end at once',
        headers: StaffAuthorizationHeaders,
        params: PersonParams,
        response: { 204: Type.Null(), 400: ErrorBody, 404: ErrorBody, ...STAFF_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      const subject = subjectOf(request.params.email);
      if (subject.refused) return refused(reply, subject);
      const outcome = await signOutEverywhere(app.db, changerOf(request), subject.email);
      if (outcome.refused) return refused(reply, outcome);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    PEOPLE_PATHS.person,
    {
      config: { staffAccess: 'admin' },
      schema: {
        tags,
        summary: 'Remove a person: their sessions end, their roles go',
        headers: StaffAuthorizationHeaders,
        params: PersonParams,
        response: { 204: Type.Null(), 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...STAFF_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      const subject = subjectOf(request.params.email);
      if (subject.refused) return refused(reply, subject);
      const outcome = await removePerson(app.db, settings, changerOf(request), subject.email);
      if (outcome.refused) return refused(reply, outcome);
      app.staffRoles.forget(subject.email);
      return reply.status(204).send(null);
    },
  );
};

export const peopleRoutes = fp(routes, {
  name: 'people-routes',
  dependencies: ['config', 'database', 'staff-roles', 'audit-log'],
  encapsulate: true,
});
