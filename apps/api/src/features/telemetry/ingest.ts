import {
  BOT_USER_AGENT,
  ErrorEvent,
  PageViewEvent,
  scrubErrorMessage,
  scrubErrorStack,
  TELEMETRY_MAX_CLOCK_SKEW_MS,
  TELEMETRY_MAX_EVENT_AGE_MS,
  type TelemetryAccepted,
  UsageEvent,
} from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { Compile } from 'typebox/compile';
import type { Database } from '../../db/connect';
import {
  telemetryErrorsDaily,
  telemetryEvents,
  telemetryEventsDaily,
  telemetryIntakeDaily,
  telemetryPageViewsDaily,
} from './telemetry-tables';

/** One checker per event kind, compiled once. */
const CHECKERS = {
  'page-view': Compile(PageViewEvent),
  event: Compile(UsageEvent),
  error: Compile(ErrorEvent),
} as const;

type EventRow = typeof telemetryEvents.$inferInsert;

export interface Classified {
  rows: EventRow[];
  dropped: TelemetryAccepted['dropped'];
}

/**
 * Which events of a batch are stored, and why the others are not. The user agent is read
 * here, to drop crawlers and automated browsers, and then forgotten: it is never stored.
 */
export function classifyBatch(
  events: readonly unknown[],
  { userAgent, reportErrors, now }: { userAgent: string | undefined; reportErrors: boolean; now: number },
): Classified {
  const dropped = { schema: 0, tooOld: 0, bot: 0, reportingOff: 0, overBudget: 0, lowDisk: 0 };
  if (userAgent !== undefined && BOT_USER_AGENT.test(userAgent)) {
    return { rows: [], dropped: { ...dropped, bot: events.length } };
  }
  const rows: EventRow[] = [];
  for (const event of events) {
    const kind = (event as { kind?: unknown }).kind;
    const checker = typeof kind === 'string' ? CHECKERS[kind as keyof typeof CHECKERS] : undefined;
    if (!checker?.Check(event)) {
      dropped.schema++;
      continue;
    }
    const valid = event as PageViewEvent | UsageEvent | ErrorEvent;
    if (valid.at > now + TELEMETRY_MAX_CLOCK_SKEW_MS) {
      dropped.schema++;
      continue;
    }
    if (valid.at < now - TELEMETRY_MAX_EVENT_AGE_MS) {
      dropped.tooOld++;
      continue;
    }
    const row: EventRow = {
      kind: valid.kind,
      occurredAt: new Date(valid.at),
      session: valid.session,
      path: valid.path,
    };
    if (valid.kind === 'event') {
      row.name = valid.name;
      row.outcome = valid.outcome ?? null;
    } else if (valid.kind === 'error') {
      if (!reportErrors) {
        dropped.reportingOff++;
        continue;
      }
      // The browser scrubs too; the server does not rely on it.
      row.message = scrubErrorMessage(valid.message);
      row.stack = valid.stack === undefined ? null : scrubErrorStack(valid.stack);
    }
    rows.push(row);
  }
  return { rows, dropped };
}

export const dayOf = (date: Date) => date.toISOString().slice(0, 10);

function countBy<T>(rows: readonly EventRow[], keyOf: (row: EventRow) => T | undefined, keyString: (key: T) => string) {
  const counts = new Map<string, { key: T; count: number }>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key === undefined) continue;
    const id = keyString(key);
    const entry = counts.get(id);
    if (entry) entry.count++;
    else counts.set(id, { key, count: 1 });
  }
  // A fixed order, so concurrent batches lock rollup rows in the same order and never deadlock.
  return [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, entry]) => entry);
}

/** Events a batch lost to the budgets, counted on the day they arrived. */
export interface Refused {
  overBudget: number;
  lowDisk: number;
}

/**
 * Stores a batch in one transaction: one multi-row insert of the events, then one
 * upsert-increment per daily rollup table (each over the batch's distinct keys), and the
 * day's intake (stored and refused). Returns how many events the arrival day has stored in
 * all, every portal together: what the global budget counts from.
 */
export async function storeEvents(
  db: Database,
  rows: readonly EventRow[],
  refused: Refused = { overBudget: 0, lowDisk: 0 },
  arrivedAt = new Date(),
): Promise<number | undefined> {
  if (rows.length === 0 && refused.overBudget === 0 && refused.lowDisk === 0) return undefined;
  const intake = sql`
    INSERT INTO ${telemetryIntakeDaily} (day, stored, over_budget, low_disk)
    VALUES (${dayOf(arrivedAt)}::date, ${rows.length}, ${refused.overBudget}, ${refused.lowDisk})
    ON CONFLICT (day) DO UPDATE SET stored = ${telemetryIntakeDaily}.stored + excluded.stored,
      over_budget = ${telemetryIntakeDaily}.over_budget + excluded.over_budget,
      low_disk = ${telemetryIntakeDaily}.low_disk + excluded.low_disk
    RETURNING stored::bigint AS stored`;
  if (rows.length === 0) {
    const { rows: total } = await db.execute<{ stored: string }>(intake);
    return Number(total[0]!.stored);
  }
  const pageViews = countBy(
    rows,
    (row) => (row.kind === 'page-view' ? { day: dayOf(row.occurredAt), path: row.path } : undefined),
    (key) => `${key.day} ${key.path}`,
  );
  const events = countBy(
    rows,
    (row) =>
      row.kind === 'event'
        ? { day: dayOf(row.occurredAt), name: row.name ?? '', outcome: row.outcome ?? '' }
        : undefined,
    (key) => `${key.day} ${key.name} ${key.outcome}`,
  );
  const errors = countBy(
    rows,
    (row) => (row.kind === 'error' ? dayOf(row.occurredAt) : undefined),
    (day) => day,
  );
  return db.transaction(async (tx) => {
    await tx.insert(telemetryEvents).values([...rows]);
    if (pageViews.length > 0) {
      await tx
        .insert(telemetryPageViewsDaily)
        .values(pageViews.map(({ key, count }) => ({ ...key, views: count })))
        .onConflictDoUpdate({
          target: [telemetryPageViewsDaily.day, telemetryPageViewsDaily.path],
          set: { views: sql`${telemetryPageViewsDaily.views} + excluded.views` },
        });
    }
    if (events.length > 0) {
      await tx
        .insert(telemetryEventsDaily)
        .values(events.map(({ key, count }) => ({ ...key, events: count })))
        .onConflictDoUpdate({
          target: [telemetryEventsDaily.day, telemetryEventsDaily.name, telemetryEventsDaily.outcome],
          set: { events: sql`${telemetryEventsDaily.events} + excluded.events` },
        });
    }
    if (errors.length > 0) {
      await tx
        .insert(telemetryErrorsDaily)
        .values(errors.map(({ key, count }) => ({ day: key, errors: count })))
        .onConflictDoUpdate({
          target: telemetryErrorsDaily.day,
          set: { errors: sql`${telemetryErrorsDaily.errors} + excluded.errors` },
        });
    }
    // Last, so the day's row is locked for the shortest time by concurrent batches.
    const { rows: total } = await tx.execute<{ stored: string }>(intake);
    return Number(total[0]!.stored);
  });
}

/** Events stored on `day` (UTC, by arrival) so far, every portal together: where a fresh process's budget starts. */
export async function storedOn(db: Database, day: string): Promise<number> {
  const { rows } = await db.execute<{ stored: string | null }>(
    sql`SELECT stored::bigint AS stored FROM ${telemetryIntakeDaily} WHERE day = ${day}::date`,
  );
  return Number(rows[0]?.stored ?? 0);
}

/**
 * Deletes events and rollup rows older than the retention (TELEMETRY_RETENTION_DAYS).
 * Rollups are whole days: a day is kept while any of it is inside the retention.
 */
export async function purgeExpiredTelemetry(db: Database, retentionDays: number, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60_000);
  const cutoffDay = dayOf(cutoff);
  await db.transaction(async (tx) => {
    await tx.delete(telemetryEvents).where(sql`${telemetryEvents.occurredAt} < ${cutoff.toISOString()}`);
    await tx.delete(telemetryPageViewsDaily).where(sql`${telemetryPageViewsDaily.day} < ${cutoffDay}`);
    await tx.delete(telemetryEventsDaily).where(sql`${telemetryEventsDaily.day} < ${cutoffDay}`);
    await tx.delete(telemetryErrorsDaily).where(sql`${telemetryErrorsDaily.day} < ${cutoffDay}`);
    await tx.delete(telemetryIntakeDaily).where(sql`${telemetryIntakeDaily.day} < ${cutoffDay}`);
  });
}
