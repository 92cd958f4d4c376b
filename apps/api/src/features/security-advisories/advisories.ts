import { createHash } from 'node:crypto';
import {
  ADVISORY_MESSAGES,
  AUDIT_ACTIONS,
  csafDocumentPath,
  type AdvisoryDraft,
  type AdvisoryDraftContent,
  type AdvisoryDraftList,
  type CsafProblem,
  type PublishedRelease,
  type RevisionHistoryEntry,
  unknownReleaseMessage,
} from '@portal/contracts';
import { and, asc, desc, eq, max, sql } from 'drizzle-orm';
import type { Database, DatabaseExecutor } from '../../db/connect';
import type { AuditAct } from '../../plugins/audit-log';
import { advisories, advisoryDrafts, advisoryRevisions } from './advisories-tables';
import type { CsafSigning } from './csaf-signing';
import { csafDocument, namedReleaseKeys, type NamedRelease, type Publisher } from './csaf-document';
import { csafProblems } from './csaf-validation';

/** The channel a publish notifies when it commits, so every portal drops its advisories from memory. */
export const ADVISORIES_PUBLISHED_CHANNEL = 'advisories_published';

const INITIAL_REVISION_SUMMARY = 'Initial version.';

/** A draft the portal refuses before any validator sees it: 400, the field named. */
export class DraftRefused extends Error {}
/** The CSAF document does not pass the validator: 422, each problem named. */
export class PublishRefused extends Error {
  constructor(readonly problems: CsafProblem[]) {
    super(ADVISORY_MESSAGES.publishRefused);
  }
}
/** The draft is gone, or its advisory moved on: 404 or 409. */
export class DraftGone extends Error {}
export class DraftStale extends Error {}

/** What the catalogue and configuration lend a draft: its releases, the publisher, the signing key. */
export interface PublishContext {
  releases: () => Promise<PublishedRelease[]>;
  publisher: Publisher;
  idPrefix: string;
  signing: CsafSigning;
}

/**
 * The portal's own checks of a draft, before the validator: every release it names is a
 * published release of the catalogue, and the kind has what it needs. The message names
 * the field (`vulnerabilities[0].affected[1]`).
 */
export function checkDraft(content: AdvisoryDraftContent, releases: PublishedRelease[]): void {
  const known = new Set(releases.map((release) => release.key));
  const check = (field: string, key: string) => {
    if (!known.has(key)) throw new DraftRefused(unknownReleaseMessage(field, key));
  };
  content.vulnerabilities.forEach((vulnerability, v) => {
    const at = `vulnerabilities[${v}]`;
    vulnerability.affected.forEach((key, i) => check(`${at}.affected[${i}]`, key));
    vulnerability.fixed.forEach((key, i) => check(`${at}.fixed[${i}]`, key));
    vulnerability.remediations.forEach((remediation, r) => {
      remediation.releases.forEach((key, i) => check(`${at}.remediations[${r}].releases[${i}]`, key));
      if (remediation.updateTo) check(`${at}.remediations[${r}].updateTo`, remediation.updateTo);
    });
  });
  content.notAffected.forEach((statement, s) =>
    statement.products.forEach((key, i) => check(`notAffected[${s}].products[${i}]`, key)),
  );
}

/** What publishing needs beyond the shape: an advisory has vulnerabilities naming releases, a VEX statements only. */
export function checkPublishable(content: AdvisoryDraftContent): void {
  if (content.kind === 'advisory' && content.vulnerabilities.length === 0)
    throw new DraftRefused(ADVISORY_MESSAGES.advisoryNeedsVulnerability);
  if (content.kind === 'vex' && (content.notAffected.length === 0 || content.vulnerabilities.length > 0))
    throw new DraftRefused(ADVISORY_MESSAGES.vexNeedsStatement);
  for (const vulnerability of content.vulnerabilities)
    if (vulnerability.affected.length + vulnerability.fixed.length === 0)
      throw new DraftRefused(ADVISORY_MESSAGES.vulnerabilityNeedsProducts);
}

export function namedReleases(content: AdvisoryDraftContent, releases: PublishedRelease[]): Map<string, NamedRelease> {
  const byKey = new Map(releases.map((release) => [release.key, release]));
  const named = new Map<string, NamedRelease>();
  for (const key of namedReleaseKeys(content)) {
    const release = byKey.get(key);
    if (release) named.set(key, { key, reference: release.reference, label: release.label });
  }
  return named;
}

// Drafts ------------------------------------------------------------------------------------

type DraftRow = typeof advisoryDrafts.$inferSelect;

function draftOf(row: DraftRow): AdvisoryDraft {
  return {
    id: row.id,
    advisoryId: row.advisoryId,
    content: row.content,
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listDrafts(db: Database): Promise<AdvisoryDraftList['drafts']> {
  const rows = await db.select().from(advisoryDrafts).orderBy(desc(advisoryDrafts.updatedAt));
  return rows.map((row) => ({
    id: row.id,
    advisoryId: row.advisoryId,
    kind: row.content.kind,
    title: row.content.title,
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function readDraft(db: DatabaseExecutor, id: string): Promise<AdvisoryDraft | undefined> {
  const [row] = await db.select().from(advisoryDrafts).where(eq(advisoryDrafts.id, id));
  return row ? draftOf(row) : undefined;
}

export async function createDraft(
  db: Database,
  content: AdvisoryDraftContent,
  actor: string,
  revising?: { advisoryId: string; baseVersion: number },
): Promise<AdvisoryDraft> {
  const [row] = await db
    .insert(advisoryDrafts)
    .values({
      content,
      createdBy: actor,
      updatedBy: actor,
      advisoryId: revising?.advisoryId ?? null,
      baseVersion: revising?.baseVersion ?? null,
    })
    .returning();
  return draftOf(row!);
}

export async function replaceDraft(
  db: Database,
  id: string,
  content: AdvisoryDraftContent,
  actor: string,
): Promise<AdvisoryDraft | undefined> {
  const [row] = await db
    .update(advisoryDrafts)
    .set({ content, updatedBy: actor, updatedAt: new Date() })
    .where(eq(advisoryDrafts.id, id))
    .returning();
  return row ? draftOf(row) : undefined;
}

export async function deleteDraft(db: Database, id: string): Promise<boolean> {
  const rows = await db.delete(advisoryDrafts).where(eq(advisoryDrafts.id, id)).returning({ id: advisoryDrafts.id });
  return rows.length > 0;
}

/** A draft revising a published advisory, holding its current content; refused while one is open. */
export async function draftRevision(db: Database, advisoryId: string, actor: string): Promise<AdvisoryDraft> {
  const [advisory] = await db.select().from(advisories).where(eq(advisories.id, advisoryId));
  if (!advisory) throw new DraftGone(ADVISORY_MESSAGES.noSuchAdvisory);
  const [open] = await db
    .select({ id: advisoryDrafts.id })
    .from(advisoryDrafts)
    .where(eq(advisoryDrafts.advisoryId, advisoryId));
  if (open) throw new DraftStale(ADVISORY_MESSAGES.openRevisionDraft);
  const [current] = await db
    .select({ content: advisoryRevisions.content })
    .from(advisoryRevisions)
    .where(and(eq(advisoryRevisions.advisoryId, advisoryId), eq(advisoryRevisions.version, advisory.currentVersion)));
  return createDraft(db, current!.content, actor, { advisoryId, baseVersion: advisory.currentVersion });
}

// Publishing --------------------------------------------------------------------------------

export interface Planned {
  advisoryId: string;
  version: number;
  csaf: Record<string, unknown>;
  csafJson: string;
  csafPath: string;
  releases: Map<string, NamedRelease>;
  revisionHistory: RevisionHistoryEntry[];
  initialReleaseDate: Date;
}

/**
 * The CSAF document a draft would publish now: for a new advisory, the next ID of its kind
 * and year; for a revision, the next version with every earlier revision in its history.
 */
export async function planPublication(
  db: DatabaseExecutor,
  draft: { advisoryId: string | null; content: AdvisoryDraftContent },
  revisionSummary: string | undefined,
  context: PublishContext,
  now: Date,
): Promise<Planned> {
  const releases = await context.releases();
  checkDraft(draft.content, releases);
  let advisoryId: string;
  let version: number;
  let initialReleaseDate: Date;
  const history: RevisionHistoryEntry[] = [];
  if (draft.advisoryId) {
    const [advisory] = await db.select().from(advisories).where(eq(advisories.id, draft.advisoryId));
    if (!advisory) throw new DraftGone(ADVISORY_MESSAGES.noSuchAdvisory);
    advisoryId = advisory.id;
    version = advisory.currentVersion + 1;
    initialReleaseDate = advisory.initialReleaseDate;
    const earlier = await db
      .select({
        version: advisoryRevisions.version,
        at: advisoryRevisions.publishedAt,
        summary: advisoryRevisions.summary,
      })
      .from(advisoryRevisions)
      .where(eq(advisoryRevisions.advisoryId, advisoryId))
      .orderBy(asc(advisoryRevisions.version));
    for (const row of earlier)
      history.push({ number: String(row.version), date: row.at.toISOString(), summary: row.summary });
  } else {
    const year = now.getUTCFullYear();
    const [{ highest } = { highest: null }] = await db
      .select({ highest: max(advisories.number) })
      .from(advisories)
      .where(and(eq(advisories.kind, draft.content.kind), eq(advisories.year, year)));
    const kindCode = draft.content.kind === 'vex' ? 'VEX' : 'SA';
    advisoryId = `${context.idPrefix}-${kindCode}-${year}-${String((highest ?? 0) + 1).padStart(4, '0')}`;
    version = 1;
    initialReleaseDate = now;
  }
  history.push({
    number: String(version),
    date: now.toISOString(),
    summary: revisionSummary ?? INITIAL_REVISION_SUMMARY,
  });
  const named = namedReleases(draft.content, releases);
  const csafPath = csafDocumentPath(advisoryId, initialReleaseDate.toISOString());
  const csaf = csafDocument(
    draft.content,
    named,
    {
      id: advisoryId,
      version,
      initialReleaseDate: initialReleaseDate.toISOString(),
      currentReleaseDate: now.toISOString(),
      revisionHistory: history,
    },
    context.publisher,
    new URL(csafPath, context.publisher.publicUrl).href,
  );
  return {
    advisoryId,
    version,
    csaf,
    csafJson: `${JSON.stringify(csaf, null, 2)}\n`,
    csafPath,
    releases: named,
    revisionHistory: history,
    initialReleaseDate,
  };
}

/** Serialises publishes across portals: IDs and versions are handed out one at a time. */
const PUBLISH_LOCK = sql`SELECT pg_advisory_xact_lock(hashtext('advisory publish'))`;

/**
 * Publishes a draft as a new advisory or a new revision, in one transaction: the portal's
 * checks, the reference validator (refused: nothing is written), the digests and the
 * signature computed once, the revision stored, the draft removed, the audit row written,
 * and a NOTIFY so every portal serves the new revision.
 */
export async function publishDraft(
  db: Database,
  draftId: string,
  revisionSummary: string | undefined,
  actor: string,
  context: PublishContext,
  audit: (tx: DatabaseExecutor, act: AuditAct) => Promise<void>,
): Promise<{ advisoryId: string; version: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(PUBLISH_LOCK);
    const [draft] = await tx.select().from(advisoryDrafts).where(eq(advisoryDrafts.id, draftId)).for('update');
    if (!draft) throw new DraftGone(ADVISORY_MESSAGES.noSuchDraft);
    if (draft.advisoryId) {
      if (revisionSummary === undefined) throw new DraftRefused(ADVISORY_MESSAGES.revisionSummaryRequired);
      const [advisory] = await tx.select().from(advisories).where(eq(advisories.id, draft.advisoryId));
      if (!advisory || advisory.currentVersion !== draft.baseVersion)
        throw new DraftStale(ADVISORY_MESSAGES.draftChanged);
    }
    checkPublishable(draft.content);
    const now = new Date();
    const plan = await planPublication(tx, draft, revisionSummary, context, now);
    const problems = await csafProblems(plan.csaf);
    if (problems.length > 0) throw new PublishRefused(problems);
    const bytes = Buffer.from(plan.csafJson, 'utf8');
    const signature = await context.signing.sign(bytes);
    if (plan.version === 1) {
      const year = now.getUTCFullYear();
      const number = Number(plan.advisoryId.split('-').at(-1));
      await tx.insert(advisories).values({
        id: plan.advisoryId,
        kind: draft.content.kind,
        year,
        number,
        initialReleaseDate: now,
        currentVersion: 1,
      });
    } else {
      await tx.update(advisories).set({ currentVersion: plan.version }).where(eq(advisories.id, plan.advisoryId));
    }
    await tx.insert(advisoryRevisions).values({
      advisoryId: plan.advisoryId,
      version: plan.version,
      publishedAt: now,
      publishedBy: actor,
      summary: plan.revisionHistory.at(-1)!.summary,
      content: draft.content,
      releases: [...plan.releases.values()],
      csafJson: plan.csafJson,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      sha512: createHash('sha512').update(bytes).digest('hex'),
      signature,
      signingKey: context.signing.fingerprint,
    });
    await tx.delete(advisoryDrafts).where(eq(advisoryDrafts.id, draftId));
    await audit(tx, {
      action: plan.version === 1 ? AUDIT_ACTIONS.advisoryPublish : AUDIT_ACTIONS.advisoryRevise,
      outcome: 'published',
      detail: { advisoryId: plan.advisoryId, version: plan.version, title: draft.content.title },
    });
    await tx.execute(sql`SELECT pg_notify(${ADVISORIES_PUBLISHED_CHANNEL}, ${plan.advisoryId})`);
    return { advisoryId: plan.advisoryId, version: plan.version };
  });
}
