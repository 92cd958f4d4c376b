import {
  allows,
  API_TOKEN_MESSAGES,
  parseBearerAuthorization,
  roleRequiredMessage,
  type ApiTokenScope,
  type StaffAccess,
  type StaffRole,
} from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { looksLikeApiToken, useApiToken } from '../shared/api-tokens';
import { cachedLoads } from '../shared/cached-loads';
import { truncatedAddress } from '../shared/client-address';
import { CREDENTIAL_ANSWER_CACHE_CONTROL } from '../shared/cache-control';
import { listenToChannel } from '../shared/pg-listener';
import {
  ensureAdministrators,
  notifyRolesChanged,
  orderedRoles,
  recordSignIn,
  storedRolesOf,
  STAFF_ROLES_CHANGED_CHANNEL,
} from '../shared/staff-members';
import type { StaffIdentity } from '../shared/staff-sessions';
import { STAFF_SIGN_IN_REQUIRED, StaffAuthorizationHeaders } from './staff-auth';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The check every staff route gets from the access it states (`config.staffAccess`):
     * 401 `{ message }` without a valid, open session's bearer; 403
     * `{ message: roleRequiredMessage(role) }` without the role. The identity, or undefined
     * once the 401 or 403 is sent. Routes that answer customers too call it themselves.
     */
    checkStaffAccess(
      request: FastifyRequest,
      reply: FastifyReply,
      access: StaffAccess,
    ): Promise<StaffIdentity | undefined>;
    /** Roles from the database, cached per portal and dropped on every portal when they change. */
    staffRoles: StaffRoles;
    /** Every route that takes a staff bearer and the access it states (collectStaffRoutes, as routes are added). */
    staffRoutes: readonly StaffRoute[];
  }
  interface FastifyContextConfig {
    /**
     * What a staff bearer needs on this route. The one statement of a staff route's access:
     * collectStaffRoutes enforces it before the route's own handlers run.
     */
    staffAccess?: StaffAccess;
    /**
     * The API token scope that may use this route besides a session (docs/decisions/260):
     * an API token is refused (403 naming its scope) on every staff route that states none.
     */
    apiTokenScope?: ApiTokenScope;
  }
}

export interface StaffRoles {
  /** The roles `email` holds now: ADMIN_EMAILS addresses always hold `admin`. */
  rolesOf(email: string): Promise<StaffRole[]>;
  /** A sign-in: the first one creates the person with STAFF_DEFAULT_ROLES; each sets the last sign-in. */
  recordSignIn(email: string): Promise<void>;
  /** Drops this portal's cached roles of `email` at once (other portals drop theirs on the NOTIFY). */
  forget(email: string): void;
}

export interface StaffRoute {
  method: HTTPMethods;
  url: string;
  access: StaffAccess;
  /** The API token scope the route takes, if any. */
  apiTokenScope?: ApiTokenScope;
}

/** Enough for every staff member of a large company; the least recently asked are forgotten first. */
const CACHED_PEOPLE = 10_000;

/**
 * Staff roles (docs/staff-roles.md, decision 120): checked on the server on every request,
 * from the database through a per-portal cache that a change of roles empties on every
 * portal (LISTEN/NOTIFY), so a change takes effect on the person's next request.
 */
export default fp(
  async function staffRolesPlugin(app: FastifyInstance) {
    // The collector is what puts each route's check in front of it: without it every staff route would be open.
    if (!app.hasDecorator('staffRoutes'))
      throw new Error('staff-roles needs collectStaffRoutes(app) on the bare instance first (buildApp does it)');
    const { adminEmails, staffDefaultRoles } = app.config;
    // A change committed while a load runs forgets that address (forget), so a stale read is not kept.
    const cache = cachedLoads(CACHED_PEOPLE, (email: string) =>
      storedRolesOf(app.db, email).then((stored) =>
        adminEmails.includes(email) ? orderedRoles([...stored, 'admin']) : stored,
      ),
    );
    const rolesOf = (email: string): Promise<StaffRole[]> => cache.get(email);
    const forget = (email: string) => cache.forget(email);
    const forgetEveryone = () => cache.forgetAll();

    // ADMIN_EMAILS on every start: they hold `admin` in the database too, so People lists them.
    await ensureAdministrators(app.db, adminEmails);

    const listener = listenToChannel(
      app.pool,
      STAFF_ROLES_CHANGED_CHANNEL,
      {
        notification: (email) => (email === undefined ? forgetEveryone() : forget(email)),
        reset: forgetEveryone,
      },
      app.log,
      'staff role changes',
    );
    await listener.ready;
    app.addHook('onClose', async () => listener.stop());

    app.decorate('staffRoles', {
      rolesOf,
      forget,
      async recordSignIn(email: string) {
        await app.db.transaction(async (tx) => {
          await recordSignIn(tx, email, staffDefaultRoles);
          await notifyRolesChanged(tx, email);
        });
        forget(email);
      },
    } satisfies StaffRoles);

    /**
     * An API token instead of a session (docs/decisions/260-api-tokens-for-publishing.md):
     * braked like a wrong customer ID, checked in the database at each use (so a revocation
     * holds at once on every portal), dead once its creator lacks `publisher`, and refused
     * with its scope's 403 on routes that do not take it.
     */
    const checkApiToken = async (
      request: FastifyRequest,
      reply: FastifyReply,
      access: StaffAccess,
      bearer: string,
    ): Promise<StaffIdentity | undefined> => {
      const brake = app.guessingBrake;
      if (await brake.braked(request, reply, bearer)) return undefined;
      const token = await useApiToken(app.db, app.secretKey, bearer, truncatedAddress(request.ip));
      if (!token) await brake.failed(request, bearer);
      const roles = token ? await rolesOf(token.createdBy) : [];
      if (!token || !allows(roles, 'publisher')) {
        await reply.status(401).send({ message: API_TOKEN_MESSAGES.refused });
        return undefined;
      }
      await brake.succeeded(request, bearer);
      if (request.routeOptions.config.apiTokenScope !== token.scope) {
        await reply.status(403).send({ message: API_TOKEN_MESSAGES.scope });
        return undefined;
      }
      if (!allows(roles, access)) {
        await reply.status(403).send({ message: roleRequiredMessage(access as StaffRole) });
        return undefined;
      }
      const staff: StaffIdentity = {
        email: token.createdBy,
        sessionId: `api-token:${token.id}`,
        expiresAt: token.expiresAt,
        apiToken: token,
      };
      request.staff = staff;
      return staff;
    };

    const checkStaffAccess = async (request: FastifyRequest, reply: FastifyReply, access: StaffAccess) => {
      reply.header('cache-control', CREDENTIAL_ANSWER_CACHE_CONTROL);
      const bearer = parseBearerAuthorization(request.headers.authorization);
      if (bearer !== undefined && looksLikeApiToken(bearer)) return checkApiToken(request, reply, access, bearer);
      const staff = await app.staffIdentity(request);
      if (!staff) {
        await reply.status(401).send({ message: STAFF_SIGN_IN_REQUIRED });
        return undefined;
      }
      if (access !== 'staff' && !allows(await rolesOf(staff.email), access)) {
        await reply.status(403).send({ message: roleRequiredMessage(access) });
        return undefined;
      }
      request.staff = staff;
      return staff;
    };
    app.decorate('checkStaffAccess', checkStaffAccess);
  },
  { name: 'staff-roles', dependencies: ['config', 'database', 'staff-auth', 'guessing-brake'] },
);

/**
 * Every staff route states its access in `config.staffAccess` (docs/staff-roles.md): this
 * collects them as routes are added (`app.staffRoutes`), puts the check in front of each
 * staff-only route's handlers, and refuses a route that takes a staff bearer but states
 * nothing. Called by buildApp on the bare instance, before any route exists. Route config is
 * plain data, so no instrumentation that wraps handlers can hide what a route states.
 */
export function collectStaffRoutes(app: FastifyInstance) {
  const staffRoutes: StaffRoute[] = [];
  app.decorate('staffRoutes', staffRoutes);
  app.addHook('onRoute', (route) => {
    const access = route.config?.staffAccess;
    if (access === undefined) {
      // A route that takes a staff bearer must say what it needs: no route is open to every session by default.
      if (takesStaffBearer(route))
        throw new Error(
          `${String(route.method)} ${route.url} takes a staff bearer but states no access (config.staffAccess)`,
        );
      return;
    }
    // A route that answers customers too (config.customerCredentials) checks a staff bearer
    // itself, in authenticateCustomer, instead of refusing everyone else.
    if (!route.config?.customerCredentials) route.preHandler = [checkStatedAccess, ...[route.preHandler ?? []].flat()];
    const apiTokenScope = route.config?.apiTokenScope;
    for (const method of [route.method].flat()) staffRoutes.push({ method, url: route.url, access, apiTokenScope });
  });
}

async function checkStatedAccess(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  await this.checkStaffAccess(request, reply, request.routeOptions.config.staffAccess!);
}

function takesStaffBearer(route: RouteOptions): boolean {
  const headers = route.schema?.headers as { properties?: { authorization?: { description?: string } } } | undefined;
  return (
    headers === StaffAuthorizationHeaders ||
    (headers?.properties?.authorization?.description ?? '').startsWith('`Bearer')
  );
}
