import {
  AUDIT_PATHS,
  AuditExportQuery,
  AuditPage,
  AuditQuery,
  AuditVerification,
  ErrorBody,
  type AuditRecord,
} from '@portal/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import type { AuditFilter, AuditRow } from '../../plugins/audit-log-chain';
import { STAFF_AUTH_RESPONSES, StaffAuthorizationHeaders } from '../../plugins/staff-auth';
import { CREDENTIAL_ANSWER_CACHE_CONTROL } from '../../shared/cache-control';
import { csvLine } from './csv';

const DAY_MS = 86_400_000;
export const NOT_A_DAY = 'Give days as YYYY-MM-DD (UTC), for example 2026-11-25.';

/** A `YYYY-MM-DD` of the calendar as midnight UTC; undefined for a day that does not exist (2026-02-30). */
function dayStart(day: string): Date | undefined {
  const start = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== day ? undefined : start;
}

/** The filters of the query as the log reads them (`to` inclusive: up to the next midnight); undefined for a bad day. */
function filterOf(query: { actor?: string; action?: string; from?: string; to?: string }): AuditFilter | undefined {
  const from = query.from === undefined ? undefined : dayStart(query.from);
  const toDay = query.to === undefined ? undefined : dayStart(query.to);
  if ((query.from !== undefined && !from) || (query.to !== undefined && !toDay)) return undefined;
  return {
    actor: query.actor,
    action: query.action,
    from,
    to: toDay && new Date(toDay.getTime() + DAY_MS),
  };
}

function recordOf(row: AuditRow): AuditRecord {
  return {
    ...row,
    occurredAt: row.occurredAt.toISOString(),
    detail: row.detail === null ? null : (JSON.parse(row.detail) as Record<string, unknown>),
  };
}

const CSV_COLUMNS = [
  'id',
  'occurredAt',
  'actorEmail',
  'action',
  'outcome',
  'registrationDigest',
  'subjectDigest',
  'detail',
  'requestId',
  'clientAddress',
  'previousHash',
  'rowHash',
] as const;

/** The staff audit log (decision 076): administrators only (docs/staff-roles.md). */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['audit'];
  app.get(
    AUDIT_PATHS.log,
    {
      config: { staffAccess: 'admin' },
      schema: {
        tags,
        summary: 'The staff audit log, newest first, a page at a time, filtered by actor, action and UTC days',
        headers: StaffAuthorizationHeaders,
        querystring: AuditQuery,
        response: { 200: AuditPage, 400: ErrorBody, ...STAFF_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      const { before, limit } = request.query;
      const filter = filterOf(request.query);
      if (!filter) return reply.status(400).send({ message: NOT_A_DAY });
      // One row more than asked tells whether an older page exists.
      const rows = await app.auditLog.list(app.db, { before, limit: limit + 1, ...filter });
      const page = rows.slice(0, limit);
      return {
        entries: page.map(recordOf),
        nextBefore: rows.length > limit ? page[page.length - 1]!.id : null,
      };
    },
  );

  app.get(
    AUDIT_PATHS.verification,
    {
      config: { staffAccess: 'admin' },
      schema: {
        tags,
        summary: "The audit log's hash chain checked now, as `npm run portal -- audit verify` checks it",
        headers: StaffAuthorizationHeaders,
        querystring: Type.Object({}, { additionalProperties: false }),
        response: { 200: AuditVerification, ...STAFF_AUTH_RESPONSES },
      },
    },
    async () => {
      const result = await app.auditLog.verify(app.db);
      return result.kind === 'intact'
        ? { state: 'intact' as const, rows: result.rows, headHash: result.headHash }
        : { state: 'broken' as const, rowId: result.rowId, reason: result.reason };
    },
  );

  app.get(
    AUDIT_PATHS.export,
    {
      config: { staffAccess: 'admin' },
      schema: {
        tags,
        summary: 'The rows the filters select, oldest first, as CSV (RFC 4180)',
        headers: StaffAuthorizationHeaders,
        querystring: AuditExportQuery,
        response: {
          200: Type.String({ contentMediaType: 'text/csv' }),
          400: ErrorBody,
          ...STAFF_AUTH_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const filter = filterOf(request.query);
      if (!filter) return reply.status(400).send({ message: NOT_A_DAY });
      const lines = [csvLine(CSV_COLUMNS)];
      for await (const row of app.auditLog.rows(app.db, filter)) {
        lines.push(
          csvLine(CSV_COLUMNS.map((column) => (column === 'occurredAt' ? row.occurredAt.toISOString() : row[column]))),
        );
      }
      const today = new Date().toISOString().slice(0, 10);
      return reply
        .header('cache-control', CREDENTIAL_ANSWER_CACHE_CONTROL)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${today}.csv"`)
        .send(lines.join(''));
    },
  );
};

export const auditRoutes = fp(routes, {
  name: 'audit-routes',
  dependencies: ['database', 'staff-roles', 'audit-log'],
  encapsulate: true,
});
