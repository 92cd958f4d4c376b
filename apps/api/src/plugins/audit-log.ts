import { AUDIT_CLI_ACTOR } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { randomUUID } from 'node:crypto';
import type { DatabaseExecutor } from '../db/connect';
import { truncatedAddress } from '../shared/client-address';
import { keyedDigester } from '../shared/keyed-digest';
import {
  appendAudit,
  auditChainKey,
  auditRowsOldestFirst,
  countActs,
  listAudit,
  verifyAuditChain,
} from './audit-log-chain';

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

/** Who did it and from where: a staff request, or a command on the server. */
export interface AuditContext {
  actorEmail: string;
  requestId: string;
  clientAddress: string;
}

/** Writes an act inside the caller's transaction (`tx`), so the act and its row commit together. */
export type AuditRecorder = (tx: DatabaseExecutor, context: AuditContext, act: AuditAct) => Promise<void>;

export interface AuditLog {
  /** Appends the act of a staff request inside the caller's transaction (`tx`), so the act and its row commit together. */
  record(tx: DatabaseExecutor, request: FastifyRequest, act: AuditAct): Promise<void>;
  /** The same for an act no signed-in person does (the identity provider's groups at a sign-in: actor `oidc`). */
  recordAs(tx: DatabaseExecutor, request: FastifyRequest, actorEmail: string, act: AuditAct): Promise<void>;
  list: typeof listAudit;
  /** Every row the filters select, oldest first (the CSV export). */
  rows: typeof auditRowsOldestFirst;
  /** The chain checked now, as `npm run portal -- audit verify` checks it. */
  verify(db: DatabaseExecutor): ReturnType<typeof verifyAuditChain>;
  /** Acts recorded since a time, counted under the chain lock (limits that hold across portals). */
  countActs: typeof countActs;
}

/** The audit log's writer, for the plugin and for commands run without an app (cli.ts). */
export function auditRecorder(secretKey: Buffer): AuditRecorder {
  const chainKey = auditChainKey(secretKey);
  const secretDigest = keyedDigester(secretKey, 'audit-log:secret');
  return async (tx, context, act) => {
    await appendAudit(tx, chainKey, {
      ...context,
      action: act.action,
      outcome: act.outcome,
      registrationDigest: act.registrationDigest ?? null,
      subjectDigest: act.secret === undefined ? null : secretDigest(act.secret),
      detail: act.detail === undefined ? null : JSON.stringify(act.detail),
    });
  };
}

/** The context of a change made with `npm run portal -- …`: actor `cli`, on the server itself. */
export function commandAuditContext(): AuditContext {
  return { actorEmail: AUDIT_CLI_ACTOR, requestId: `cli-${randomUUID()}`, clientAddress: 'server' };
}

/** The context of a staff request: its signed-in actor, request ID and truncated client address. */
export function requestAuditContext(request: FastifyRequest): AuditContext {
  return {
    actorEmail: request.staff?.email ?? 'anonymous',
    requestId: String(request.id),
    clientAddress: truncatedAddress(request.ip),
  };
}

/** An act done with an API token names the token (its name, never the token) beside its creator, the actor. */
function withApiToken(request: FastifyRequest, act: AuditAct): AuditAct {
  const token = request.staff?.apiToken;
  return token ? { ...act, detail: { ...act.detail, apiToken: token.name } } : act;
}

/** The staff audit log (decision 076): features call it inside their own transaction. */
export default fp(
  async function auditLogPlugin(app: FastifyInstance) {
    const chainKey = auditChainKey(app.secretKey);
    const record = auditRecorder(app.secretKey);
    app.decorate('auditLog', {
      record: (tx, request, act) => record(tx, requestAuditContext(request), withApiToken(request, act)),
      recordAs: (tx, request, actorEmail, act) =>
        record(tx, { ...requestAuditContext(request), actorEmail }, withApiToken(request, act)),
      list: listAudit,
      rows: auditRowsOldestFirst,
      verify: (db) => verifyAuditChain(db, chainKey),
      countActs,
    } satisfies AuditLog);
  },
  { name: 'audit-log', dependencies: ['config', 'database', 'staff-auth'] },
);
