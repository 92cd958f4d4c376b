import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type pg from 'pg';
import type { Config } from './config/config';
import type { Database } from './db/connect';
import { catalogueRoutes } from './features/catalogue/catalogue-routes';
import { blobRootOf } from './features/catalogue/catalogue-setup';
import { healthRoutes } from './features/health/health-routes';
import { signInRoutes } from './features/sign-in/sign-in-routes';
import database from './plugins/database';
import errorHandler from './plugins/error-handler';
import clientAddress, { clientErrorHandler, frameworkErrors } from './plugins/framework-errors';
import notFound from './plugins/not-found';
import openapi from './plugins/openapi';
import redirects from './plugins/redirects';
import secretKey from './plugins/secret-key';
import staffAuth from './plugins/staff-auth';
import securityHeaders from './plugins/security-headers';
import webApp from './web/web-app';
import type { WebBuild } from './web/web-build';

export interface AppDependencies {
  config: Config;
  db: Database;
  pool: pg.Pool;
  secretKey: Buffer;
  /** The built web app; absent in API-only tests. */
  webBuild?: WebBuild;
}

/** The whole portal as one Fastify instance: server.ts adds the port, tests call inject(). */
export async function buildApp(
  dependencies: AppDependencies,
  options: FastifyServerOptions = {},
  extraRoutes?: (app: App) => void,
) {
  const app = Fastify({
    ...options,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true } },
    // Errors Fastify or Node's parser meet before routing get the `{ message }` body, never the URL.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();

  await app.register(clientAddress);
  await app.register(errorHandler);
  await app.register(securityHeaders);
  await app.register(notFound);
  await app.register(redirects);
  await app.register(database, { db: dependencies.db, pool: dependencies.pool });
  await app.register(secretKey, { secretKey: dependencies.secretKey });
  await app.register(staffAuth);
  await app.register(openapi);

  await app.register(healthRoutes);
  await app.register(signInRoutes, { config: dependencies.config });
  await app.register(catalogueRoutes, { blobRoot: blobRootOf(dependencies.config.dataDir) });

  extraRoutes?.(app as unknown as App);
  if (dependencies.webBuild) await app.register(webApp, { build: dependencies.webBuild });
  await app.ready();
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
