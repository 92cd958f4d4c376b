import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import {
  telemetryErrorsDaily,
  telemetryEventsDaily,
  telemetryIntakeDaily,
  telemetryPageViewsDaily,
} from './telemetry-tables';

/**
 * What other features may ask of the telemetry rollups: read-only queries, the telemetry
 * feature's public entry (docs/decisions/105-catalogue-sections-own-their-tables.md).
 */

/** Page views per UTC day since `from`, every path together. */
export async function dailyPageViews(db: Database, from: string) {
  const { rows } = await db.execute<{ day: string; views: number }>(sql`
    SELECT to_char(${telemetryPageViewsDaily.day}, 'YYYY-MM-DD') AS day, sum(${telemetryPageViewsDaily.views})::int AS views
      FROM ${telemetryPageViewsDaily} WHERE ${telemetryPageViewsDaily.day} >= ${from}::date
     GROUP BY 1 ORDER BY 1`);
  return rows;
}

/** Events of the given names per UTC day since `from`: all of them, and those whose outcome was not 'found'. */
export async function dailyEvents(db: Database, from: string, names: readonly string[]) {
  const { rows } = await db.execute<{ day: string; events: number; failed: number | null }>(sql`
    SELECT to_char(${telemetryEventsDaily.day}, 'YYYY-MM-DD') AS day, sum(${telemetryEventsDaily.events})::int AS events,
           (sum(${telemetryEventsDaily.events}) FILTER (WHERE ${telemetryEventsDaily.outcome} <> 'found'))::int AS failed
      FROM ${telemetryEventsDaily}
     WHERE ${telemetryEventsDaily.day} >= ${from}::date AND ${telemetryEventsDaily.name} IN (${sql.join(
       names.map((name) => sql`${name}`),
       sql`, `,
     )})
     GROUP BY 1 ORDER BY 1`);
  return rows;
}

/** Browser errors per UTC day since `from`. */
export async function dailyErrors(db: Database, from: string) {
  const { rows } = await db.execute<{ day: string; errors: number }>(sql`
    SELECT to_char(${telemetryErrorsDaily.day}, 'YYYY-MM-DD') AS day, ${telemetryErrorsDaily.errors}::int AS errors
      FROM ${telemetryErrorsDaily} WHERE ${telemetryErrorsDaily.day} >= ${from}::date ORDER BY 1`);
  return rows;
}

/** Events dropped to keep the disk safe since `from` (by day of arrival): over the budgets, and below the free-space floor. */
export async function droppedTelemetry(db: Database, from: string) {
  const { rows } = await db.execute<{ over_budget: number; low_disk: number }>(sql`
    SELECT coalesce(sum(${telemetryIntakeDaily.overBudget}), 0)::int AS over_budget,
           coalesce(sum(${telemetryIntakeDaily.lowDisk}), 0)::int AS low_disk
      FROM ${telemetryIntakeDaily} WHERE ${telemetryIntakeDaily.day} >= ${from}::date`);
  return { overBudget: rows[0]?.over_budget ?? 0, lowDisk: rows[0]?.low_disk ?? 0 };
}
