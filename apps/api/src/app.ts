import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { FILE_NAME_MAX_URL_CHARS } from '@portal/contracts';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type pg from 'pg';
import type { Config } from './config/config';
import type { Database } from './db/connect';
import { apiTokensRoutes } from './features/api-tokens/api-tokens-routes';
import { auditRoutes } from './features/audit/audit-routes';
import { bulletinsRoutes } from './features/bulletins/bulletins-routes';
import { configurationsRoutes } from './features/configurations/configurations-routes';
import { chromatofRoutes } from './features/chromatof/chromatof-routes';
import { filesRoutes } from './features/files/files-routes';
import { feedFetchCounts } from './features/feeds/feed-fetch-counts';
import { feedsRoutes } from './features/feeds/feeds-routes';
import { firmwareRoutes } from './features/firmware/firmware-routes';
import { healthRoutes } from './features/health/health-routes';
import { peopleRoutes } from './features/people/people-routes';
import { draftRoutes } from './features/publishing/drafts-routes';
import { uploadRoutes } from './features/publishing/upload-routes';
import { publishingRoutes } from './features/publishing/publishing-routes';
import { passwordResetRoutes } from './features/password-reset/password-reset-routes';
import { releasesRoutes } from './features/releases/releases-routes';
import homeNews from './features/home/home-news';
import { homeNewsRoutes } from './features/home/home-news-routes';
import advisories from './features/security-advisories/advisories-plugin';
import { advisoriesRoutes } from './features/security-advisories/advisories-routes';
import csafSigning from './features/security-advisories/csaf-signing';
import { csafRoutes } from './features/security-advisories/csaf-routes';
import { securityRoutes } from './features/security-advisories/security-routes';
import { serviceKeysRoutes } from './features/service-keys/service-keys-routes';
import { signInRoutes } from './features/sign-in/sign-in-routes';
import { telemetryRoutes } from './features/telemetry/telemetry-routes';
import { usageRoutes } from './features/usage/usage-routes';
import { componentsRoutes } from './features/sboms/components-routes';
import { validationDocsRoutes } from './features/validation-docs/validation-docs-routes';
import auditLog from './plugins/audit-log';
import blobStore, { type BlobStore } from './plugins/blob-store';
import catalogue from './plugins/catalogue/catalogue';
import configPlugin from './plugins/config';
import customerAuth, { collectCustomerRoutes } from './plugins/customer-auth/customer-auth';
import guessingBrake from './plugins/customer-auth/guessing-brake';
import database from './plugins/database';
import downloadLinks from './plugins/download-links';
import errorHandler from './plugins/error-handler';
import fileDelivery from './plugins/file-delivery';
import fileStorageOutage from './plugins/file-storage-outage';
import { clientErrorHandler, frameworkErrors } from './plugins/framework-errors';
import firmwareSigning from './plugins/firmware-signing';
import identityProvider from './plugins/identity-provider';
import mailer from './plugins/mailer';
import metrics from './plugins/metrics';
import notFound from './plugins/not-found';
import openapi from './plugins/openapi';
import rateLimit from './plugins/rate-limit';
import redis from './plugins/redis';
import redirects from './plugins/redirects';
import registrations from './plugins/registrations/registrations';
import securityHeaders from './plugins/security-headers';
import serviceKeys from './plugins/service-keys/service-keys';
import staffAuth from './plugins/staff-auth';
import staffRoles, { collectStaffRoutes } from './plugins/staff-roles';
import { drainOnClose } from './runtime/drain';
import { refuseNonFiniteNumbers } from './shared/finite-numbers';
import makerLogo from './web/maker-logo';
import webApp from './web/web-app';
import type { WebBuild } from './web/web-build';

export interface AppDependencies {
  config: Config;
  db: Database;
  pool: pg.Pool;
  secretKey: Buffer;
  /** The built web app; absent in API-only tests. */
  webBuild?: WebBuild;
  /** The blob store start-up opened with blobStoreFor (and closes); the app never opens one. */
  blobStore: BlobStore;
}

/** The whole portal as one Fastify instance: server.ts adds the port, tests call inject(). */
export async function buildApp(
  dependencies: AppDependencies,
  options: FastifyServerOptions = {},
  extraRoutes?: (app: App) => void,
) {
  const app = Fastify({
    ...options,
    // Behind the proxies TRUST_PROXY names, request.ip is the client they forwarded for.
    trustProxy: dependencies.config.trustProxy.length > 0 ? dependencies.config.trustProxy : false,
    // A file's name is a path parameter: every name the manifest accepts must route (contracts/files.ts).
    routerOptions: { maxParamLength: FILE_NAME_MAX_URL_CHARS },
    ajv: {
      customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true },
      onCreate: refuseNonFiniteNumbers,
    },
    // Errors Fastify or Node's parser meet before routing get the `{ message }` body, never the URL.
    frameworkErrors,
    clientErrorHandler,
    // Stopping, a request on a kept-alive connection is answered, not refused (drainOnClose).
    return503OnClosing: false,
    // A plugin may wait for its service at start-up and say why it gave up (Redis: 10 s,
    // docs/decisions/094); Fastify's own 10 s would cut it off first, naming no service.
    pluginTimeout: 30_000,
  }).withTypeProvider<TypeBoxTypeProvider>();
  // A rolling restart fails no request: each connection ends after its answer (docs/decisions/150).
  drainOnClose(app);

  // First of all: the staff route collector sees every route as its feature wrote it.
  collectStaffRoutes(app);
  collectCustomerRoutes(app);

  // Shared services (docs/architecture.md lists them): each constructed once, here, in this order.
  await app.register(configPlugin, { config: dependencies.config, secretKey: dependencies.secretKey });
  await app.register(errorHandler);
  await app.register(securityHeaders);
  await app.register(redis);
  await app.register(rateLimit);
  await app.register(notFound);
  await app.register(redirects);
  await app.register(database, { db: dependencies.db, pool: dependencies.pool });
  await app.register(metrics);
  await app.register(staffAuth);
  await app.register(guessingBrake);
  await app.register(staffRoles);
  await app.register(mailer);
  await app.register(identityProvider);
  await app.register(blobStore, { blobStore: dependencies.blobStore });
  await app.register(fileStorageOutage);
  await app.register(fileDelivery);
  await app.register(catalogue);
  await app.register(registrations);
  await app.register(customerAuth);
  await app.register(downloadLinks);
  await app.register(firmwareSigning);
  await app.register(serviceKeys);
  await app.register(auditLog);
  // Read by the advisories' routes, the CSAF distribution and the lookups' marks.
  await app.register(csafSigning);
  await app.register(advisories);
  // Read by its route and by the web app, which writes it into the home page.
  await app.register(homeNews);
  await app.register(openapi);

  // Features: routes only.
  await app.register(healthRoutes);
  await app.register(signInRoutes);
  await app.register(releasesRoutes);
  await app.register(homeNewsRoutes);
  await app.register(bulletinsRoutes);
  await app.register(validationDocsRoutes);
  await app.register(filesRoutes);
  await app.register(configurationsRoutes);
  await app.register(chromatofRoutes);
  await app.register(firmwareRoutes);
  await app.register(serviceKeysRoutes);
  await app.register(auditRoutes);
  await app.register(passwordResetRoutes);
  await app.register(telemetryRoutes);
  // Counted by the feeds, read by the Usage screen: registered before both.
  await app.register(feedFetchCounts);
  await app.register(usageRoutes);
  await app.register(componentsRoutes);
  await app.register(feedsRoutes);
  await app.register(peopleRoutes);
  await app.register(publishingRoutes);
  await app.register(draftRoutes);
  await app.register(uploadRoutes);
  await app.register(apiTokensRoutes);
  await app.register(securityRoutes);
  await app.register(advisoriesRoutes);
  await app.register(csafRoutes);
  await app.register(makerLogo);

  extraRoutes?.(app as unknown as App);
  if (dependencies.webBuild) {
    await app.register(webApp, {
      build: dependencies.webBuild,
      homeNews: async () => (await app.homeNews.current()).news,
    });
  }
  await app.ready();
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
