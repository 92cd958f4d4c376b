import { ErrorBody, USAGE_PATHS, UsageQuery, UsageReport } from '@portal/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { disksNow } from '../../plugins/disks';
import { usageReport } from './usage-report';

/** The staff Usage screen's figures (docs/telemetry.md). */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    USAGE_PATHS.usage,
    {
      config: { staffAccess: 'admin' },
      schema: {
        tags: ['usage'],
        summary:
          'Page views, downloads, lookups and (with REPORT_ERRORS) errors per day, and the free space of the disks the portal writes (staff)',
        querystring: UsageQuery,
        response: { 200: UsageReport, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      // Feed fetches are counted in memory and written in batches: this portal's are written first.
      await app.feedFetches.flush();
      const report = await usageReport(app.db, { days: request.query.days, reportErrors: app.config.reportErrors });
      return { ...report, disks: await disksNow(app.config) };
    },
  );
};

export const usageRoutes = fp(routes, {
  name: 'usage-routes',
  dependencies: ['config', 'database', 'staff-roles', 'feed-fetch-counts'],
  encapsulate: true,
});
