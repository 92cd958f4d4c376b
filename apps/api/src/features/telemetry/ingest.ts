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
  const dropped = { schema: 0, tooOld: 0, bot: 0, reportingOff: 0 };
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

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

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

/**
 * Stores a batch in one transaction: one multi-row insert of the events, then one
 * upsert-increment per daily rollup table (each over the batch's distinct keys).
 */
export async function storeEvents(db: Database, rows: readonly EventRow[]): Promise<void> {
  if (rows.length === 0) return;
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
  await db.transaction(async (tx) => {
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
  });
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
  });
}
