import { AUDIT_PATHS, AuditPage, AuditQuery, ErrorBody } from '@portal/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { STAFF_AUTH_RESPONSES, StaffAuthorizationHeaders } from '../../plugins/staff-auth';

/** The staff audit log, newest first (decision 076). */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    AUDIT_PATHS.log,
    {
      preHandler: app.requireStaff,
      schema: {
        tags: ['audit'],
        summary: 'The staff audit log, newest first, a page at a time',
        headers: StaffAuthorizationHeaders,
        querystring: AuditQuery,
        response: { 200: AuditPage, 400: ErrorBody, ...STAFF_AUTH_RESPONSES },
      },
    },
    async (request) => {
      const { before, limit } = request.query;
      // One row more than asked tells whether an older page exists.
      const rows = await app.auditLog.list(app.db, { before, limit: limit + 1 });
      const page = rows.slice(0, limit);
      return {
        entries: page.map((row) => ({
          ...row,
          occurredAt: row.occurredAt.toISOString(),
          detail: row.detail === null ? null : (JSON.parse(row.detail) as Record<string, unknown>),
        })),
        nextBefore: rows.length > limit ? page[page.length - 1]!.id : null,
      };
    },
  );
};

export const auditRoutes = fp(routes, {
  name: 'audit-routes',
  dependencies: ['database', 'staff-auth', 'audit-log'],
  encapsulate: true,
});
