import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseExecutor } from '../db/connect';
import { truncatedAddress } from '../shared/client-address';
import { keyedDigester } from '../shared/keyed-digest';
import { appendAudit, auditChainKey, countActs, listAudit } from './audit-log-chain';

declare module 'fastify' {
  interface FastifyInstance {
    auditLog: AuditLog;
  }
}

/** What a feature says about its act; who, when, the request and the client come from the request. */
export interface AuditAct {
  action: string;
  outcome: string;
  /** The registration's keyed digest (app.registrations.digestOf), if the act concerns one. */
  registrationDigest?: string;
  /** A key or challenge the act handed out or read: stored only as a keyed digest. */
  secret?: string;
  /** Details that are no secret. */
  detail?: Record<string, unknown>;
}

export interface AuditLog {
  /** Appends the act of a staff request inside the caller's transaction (`tx`), so the act and its row commit together. */
  record(tx: DatabaseExecutor, request: FastifyRequest, act: AuditAct): Promise<void>;
  list: typeof listAudit;
  /** Acts recorded since a time, counted under the chain lock (limits that hold across portals). */
  countActs: typeof countActs;
}

/** The staff audit log (decision 076): features call it inside their own transaction. */
export default fp(
  async function auditLogPlugin(app: FastifyInstance) {
    const chainKey = auditChainKey(app.secretKey);
    const secretDigest = keyedDigester(app.secretKey, 'audit-log:secret');
    app.decorate('auditLog', {
      async record(tx, request, act) {
        await appendAudit(tx, chainKey, {
          actorEmail: request.staff?.email ?? 'anonymous',
          action: act.action,
          outcome: act.outcome,
          registrationDigest: act.registrationDigest ?? null,
          subjectDigest: act.secret === undefined ? null : secretDigest(act.secret),
          detail: act.detail === undefined ? null : JSON.stringify(act.detail),
          requestId: String(request.id),
          clientAddress: truncatedAddress(request.ip),
        });
      },
      list: listAudit,
      countActs,
    } satisfies AuditLog);
  },
  { name: 'audit-log', dependencies: ['config', 'database', 'staff-auth'] },
);
