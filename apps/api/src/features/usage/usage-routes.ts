import { ErrorBody, USAGE_PATHS, UsageQuery, UsageReport } from '@portal/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { usageReport } from './usage-report';

/** The staff Usage screen's figures (docs/telemetry.md). */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    USAGE_PATHS.usage,
    {
      config: { staffAccess: 'admin' },
      schema: {
        tags: ['usage'],
        summary: 'Page views, downloads, lookups and (with REPORT_ERRORS) errors per day (staff)',
        querystring: UsageQuery,
        response: { 200: UsageReport, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      // Feed fetches are counted in memory and written in batches: this portal's are written first.
      await app.feedFetches.flush();
      return usageReport(app.db, { days: request.query.days, reportErrors: app.config.reportErrors });
    },
  );
};

export const usageRoutes = fp(routes, {
  name: 'usage-routes',
  dependencies: ['config', 'database', 'staff-roles', 'feed-fetch-counts'],
  encapsulate: true,
});
