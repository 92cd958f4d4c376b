import {
  ErrorBody,
  Families,
  INVALID_INSTALLER_REGISTRATION_ID,
  LatestVersion,
  NO_RELEASED_VERSION,
  NoQuery,
  ReleaseDates,
  RELEASES_PATHS,
  STAFF_GRANT,
  VersionParams,
  Versions,
  VersionSummary,
} from '@portal/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { CUSTOMER_AUTH_RESPONSES, CustomerAuthorizationHeaders } from '../../plugins/customer-auth/customer-auth';
import type { RegistrationRecord } from '../../plugins/catalogue/catalogue-snapshot';
import { preserialise, sendPreserialised, type Preserialised } from '../../shared/preserialised';
import { AnswerCache } from './answer-cache';
import { familiesOf, latestRelease, releaseDates, versionsFor, versionSummary } from './releases';

/** Cornerstone versions, families and release dates (SPEC §7; paths: docs/decisions/030-catalogue-api-paths.md). */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  // Keyed by the caller's registration record (one per registration in a snapshot), or STAFF_GRANT.
  const versionAnswers = new AnswerCache<RegistrationRecord | typeof STAFF_GRANT, Preserialised<Versions>>();
  const tags = ['releases'];

  app.get(
    RELEASES_PATHS.families,
    {
      config: { customerCredentials: { hasp: INVALID_INSTALLER_REGISTRATION_ID } },
      schema: {
        tags,
        summary: 'The families of a registration (Dev and Demo are read by the offline installer screen)',
        headers: CustomerAuthorizationHeaders,
        response: { 200: Families, ...CUSTOMER_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      const caller = await app.authenticateCustomer(request, reply);
      if (caller?.kind !== 'customer') return reply;
      return familiesOf(await app.catalogue.get(), caller.registration);
    },
  );

  app.get(
    RELEASES_PATHS.versions,
    {
      // Staff see every version (the read-only Releases & PIBs tool): any signed-in staff member.
      config: { staffAccess: 'staff', customerCredentials: { hasp: INVALID_INSTALLER_REGISTRATION_ID } },
      schema: {
        tags,
        summary: 'Versions a registration may install (all of them for staff)',
        headers: CustomerAuthorizationHeaders,
        response: { 200: Versions, ...CUSTOMER_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      const caller = await app.authenticateCustomer(request, reply);
      if (!caller) return reply;
      const snapshot = app.catalogue.loaded() ?? (await app.catalogue.get());
      const { marks } = app.advisories.published.loaded() ?? (await app.advisories.published.get());
      const key = caller.kind === 'staff' ? STAFF_GRANT : caller.registration;
      const body = versionAnswers.get(
        snapshot,
        key,
        () => preserialise(versionsFor(snapshot, caller, app.downloadLinks, marks)),
        marks,
      );
      return sendPreserialised(reply, body);
    },
  );

  app.get(
    RELEASES_PATHS.version,
    {
      config: { staffAccess: 'staff' },
      schema: {
        tags,
        summary: 'One version (staff)',
        params: VersionParams,
        querystring: NoQuery,
        response: { 200: VersionSummary, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const snapshot = await app.catalogue.get();
      const version = snapshot.versions.get(request.params.name);
      if (!version) return reply.status(404).send({ message: 'No such version' });
      const { marks } = await app.advisories.published.get();
      return versionSummary(snapshot, version, STAFF_GRANT, app.downloadLinks, marks);
    },
  );

  app.get(
    RELEASES_PATHS.releaseDates,
    {
      config: { staffAccess: 'staff' },
      schema: {
        tags,
        summary: 'Release date of each version (staff)',
        querystring: NoQuery,
        response: { 200: ReleaseDates, 401: ErrorBody },
      },
    },
    async () => releaseDates(await app.catalogue.get()),
  );

  app.get(
    RELEASES_PATHS.latest,
    {
      schema: {
        tags,
        summary: 'The latest released version and its release date (public: the Cornerstone page shows it)',
        querystring: NoQuery,
        response: { 200: LatestVersion, 404: ErrorBody },
      },
    },
    async (_request, reply) => {
      const latest = latestRelease(await app.catalogue.get(), new Date().toISOString().slice(0, 10));
      if (!latest) return reply.status(404).send({ message: NO_RELEASED_VERSION });
      // Public and the same for everyone: caches may keep it a few minutes.
      reply.header('cache-control', 'public, max-age=300');
      return latest;
    },
  );
};

export const releasesRoutes = fp(routes, {
  name: 'releases-routes',
  dependencies: ['catalogue', 'customer-auth', 'download-links', 'staff-roles', 'advisories'],
  encapsulate: true,
});
