import { bigint, bigserial, date, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Anonymous telemetry events, as the browser sent them after the checks of ingest.ts.
 * There is deliberately no column for an IP address, a user agent, a browser family, a
 * country or anything of the client: the session is random per page load, made in the browser.
 */
export const telemetryEvents = pgTable(
  'telemetry_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ['page-view', 'event', 'error'] }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    session: text('session').notNull(),
    path: text('path').notNull(),
    name: text('name'),
    outcome: text('outcome'),
    message: text('message'),
    stack: text('stack'),
  },
  (table) => [index('telemetry_events_occurred_idx').on(table.occurredAt)],
);

/** Daily rollups, incremented on ingest: a 400-day dashboard reads a few hundred rows. */
export const telemetryPageViewsDaily = pgTable(
  'telemetry_page_views_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    views: bigint('views', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.path] })],
);

export const telemetryEventsDaily = pgTable(
  'telemetry_events_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    /** '' for events without an outcome. */
    outcome: text('outcome').notNull(),
    events: bigint('events', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.name, table.outcome] })],
);

export const telemetryErrorsDaily = pgTable('telemetry_errors_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  errors: bigint('errors', { mode: 'number' }).notNull(),
});

/**
 * What arrived per UTC day of arrival: events stored, and events dropped to keep the disk
 * safe (docs/decisions/131-telemetry-budgets.md). `stored` is what the day's global budget counts.
 */
export const telemetryIntakeDaily = pgTable('telemetry_intake_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  stored: bigint('stored', { mode: 'number' }).notNull().default(0),
  overBudget: bigint('over_budget', { mode: 'number' }).notNull().default(0),
  lowDisk: bigint('low_disk', { mode: 'number' }).notNull().default(0),
});
