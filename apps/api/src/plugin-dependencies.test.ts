import { USAGE_PATHS } from '@portal/contracts';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config/config';
import type { Database } from './db/connect';
import { feedFetchCounts } from './features/feeds/feed-fetch-counts';
import { usageRoutes } from './features/usage/usage-routes';
import configPlugin from './plugins/config';
import database from './plugins/database';
import guessingBrake from './plugins/customer-auth/guessing-brake';
import redis from './plugins/redis';
import staffAuth from './plugins/staff-auth';
import staffRoles, { collectStaffRoutes } from './plugins/staff-roles';

/** What fastify-plugin attaches to a plugin: its name and the plugins it needs. */
const metaOf = (plugin: unknown) =>
  (plugin as Record<symbol, { name?: string; dependencies?: string[] } | undefined>)[Symbol.for('plugin-meta')];

/** staff-auth and staff-roles with what staff-roles needs besides (the brake on guessing an API token, in memory). */
function registerStaffAccess(app: FastifyInstance) {
  void app.register(staffAuth);
  void app.register(redis);
  void app.register(guessingBrake);
  void app.register(staffRoles);
}

/** A staff route plugin on an app with what it needs up to staff-auth and staff-roles, which `withStaffAuth` decides. */
function appWithUsageRoutes({ withStaffAuth }: { withStaffAuth: 'before' | 'never' }) {
  const app = Fastify();
  collectStaffRoutes(app);
  void app.register(configPlugin, { config: loadConfig({ DATA_DIR: '/nonexistent' }), secretKey: Buffer.alloc(32) });
  // Never queried: staff-auth turns a request without a bearer away before any query.
  void app.register(database, { db: {} as Database, pool: {} as pg.Pool });
  void app.register(feedFetchCounts);
  if (withStaffAuth === 'before') registerStaffAccess(app);
  void app.register(usageRoutes);
  // Not returned bare: a Fastify instance is a thenable, and awaiting it would load the plugins here.
  return { app };
}

describe('plugins declare what they need, so a wrong registration order stops start-up', () => {
  it('refuses to start a staff route plugin registered without staff-roles, instead of serving its routes openly', async () => {
    const { app } = appWithUsageRoutes({ withStaffAuth: 'never' });
    await expect(app.ready()).rejects.toMatchObject({
      code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED',
      message: expect.stringMatching(/staff-roles.*usage-routes/),
    });
    await app.close();
  });

  it('refuses a staff route plugin registered before staff-auth', async () => {
    const app = Fastify();
    void app.register(configPlugin, { config: loadConfig({ DATA_DIR: '/nonexistent' }), secretKey: Buffer.alloc(32) });
    void app.register(database, { db: {} as Database, pool: {} as pg.Pool });
    void app.register(feedFetchCounts);
    void app.register(usageRoutes);
    registerStaffAccess(app);
    await expect(app.ready()).rejects.toMatchObject({ code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED' });
    await app.close();
  });

  it('refuses to start staff-roles on an app without the route collector, which puts every staff route’s check in place', async () => {
    const app = Fastify();
    void app.register(configPlugin, { config: loadConfig({ DATA_DIR: '/nonexistent' }), secretKey: Buffer.alloc(32) });
    void app.register(database, { db: {} as Database, pool: {} as pg.Pool });
    registerStaffAccess(app);
    await expect(app.ready()).rejects.toThrow(/collectStaffRoutes/);
    await app.close();
  });

  it('starts with staff-auth registered first, and the staff route turns a caller without a bearer away', async () => {
    const { app } = appWithUsageRoutes({ withStaffAuth: 'before' });
    await app.ready();
    const answer = await app.inject({ url: USAGE_PATHS.usage });
    expect(answer.statusCode).toBe(401);
    await app.close();
  });

  it('holds for every route plugin of every feature and every shared service: each is a named plugin, so the dependencies that name it are checked', async () => {
    const sourceDir = import.meta.dirname;
    const modules = [
      ...(await readdir(path.join(sourceDir, 'features'), { recursive: true }))
        .filter((file) => file.endsWith('-routes.ts'))
        .map((file) => path.join('features', file)),
      ...(await readdir(path.join(sourceDir, 'plugins'), { recursive: true }))
        .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
        .map((file) => path.join('plugins', file)),
    ];
    const undeclared: string[] = [];
    const services = new Map<string, string[]>();
    let plugins = 0;
    for (const module of modules) {
      const exports = (await import(`./${module}`)) as Record<string, unknown>;
      const isRoutes = module.startsWith('features');
      for (const [exported, value] of Object.entries(exports)) {
        // The plugins: a feature's *Routes exports and a service's default export.
        if (typeof value !== 'function' || !(isRoutes ? /Routes$/.test(exported) : exported === 'default')) continue;
        plugins++;
        const meta = metaOf(value as FastifyPluginAsync);
        if (!meta?.name) undeclared.push(`${module} ${exported}`);
        else if (!isRoutes) services.set(meta.name, [...(meta.dependencies ?? [])].sort());
      }
    }
    expect(undeclared).toEqual([]);
    expect(plugins).toBeGreaterThanOrEqual(30);

    // docs/architecture.md lists exactly these shared services, each with its dependencies.
    const architecture = await readFile(path.join(sourceDir, '../../../docs/architecture.md'), 'utf8');
    const listed = new Map(
      [...architecture.matchAll(/^\| `([a-z-]+)` +\| `[^|]*\|[^|]*\|([^|]*)\|$/gm)].map((row) => [
        row[1]!,
        [...row[2]!.matchAll(/`([a-z-]+)`/g)].map((name) => name[1]!).sort(),
      ]),
    );
    expect(listed).toEqual(services);
  });
});
