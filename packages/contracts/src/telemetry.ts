import { Type, type Static } from 'typebox';
import {
  ERROR_MESSAGE_MAX_CHARS,
  ERROR_STACK_MAX_CHARS,
  LOOKUP_OUTCOMES,
  TELEMETRY_MAX_EVENTS_PER_BATCH,
  TELEMETRY_PATH_PATTERN,
  TELEMETRY_SESSION_PATTERN,
  USAGE_EVENT_NAMES,
} from './telemetry-rules';

/** The schemas of telemetry events and batches (docs/telemetry.md); the limits and rules are in telemetry-rules.ts. */
const common = {
  /** When it happened, milliseconds since the epoch. */
  at: Type.Integer({ minimum: 0 }),
  session: Type.String({ pattern: TELEMETRY_SESSION_PATTERN }),
  path: Type.String({ pattern: TELEMETRY_PATH_PATTERN, maxLength: 100 }),
};

export const PageViewEvent = Type.Object(
  { kind: Type.Literal('page-view'), ...common },
  { additionalProperties: false },
);
export type PageViewEvent = Static<typeof PageViewEvent>;

export const UsageEvent = Type.Object(
  {
    kind: Type.Literal('event'),
    ...common,
    name: Type.Enum(USAGE_EVENT_NAMES),
    outcome: Type.Optional(Type.Enum(LOOKUP_OUTCOMES)),
  },
  { additionalProperties: false },
);
export type UsageEvent = Static<typeof UsageEvent>;

export const ErrorEvent = Type.Object(
  {
    kind: Type.Literal('error'),
    ...common,
    message: Type.String({ minLength: 1, maxLength: ERROR_MESSAGE_MAX_CHARS }),
    stack: Type.Optional(Type.String({ maxLength: ERROR_STACK_MAX_CHARS })),
  },
  { additionalProperties: false },
);
export type ErrorEvent = Static<typeof ErrorEvent>;

export const TelemetryEvent = Type.Union([PageViewEvent, UsageEvent, ErrorEvent]);
export type TelemetryEvent = Static<typeof TelemetryEvent>;

/**
 * A batch. Each event is checked against its kind's schema on its own (PageViewEvent,
 * UsageEvent, ErrorEvent), so one malformed event is dropped, not the batch.
 */
export const TelemetryBatch = Type.Object(
  {
    events: Type.Array(Type.Object({}, { additionalProperties: true }), {
      minItems: 1,
      maxItems: TELEMETRY_MAX_EVENTS_PER_BATCH,
    }),
  },
  { additionalProperties: false },
);
export type TelemetryBatch = Static<typeof TelemetryBatch>;

export const TelemetryAccepted = Type.Object(
  {
    accepted: Type.Integer(),
    dropped: Type.Object({
      /** The event does not match its kind's schema. */
      schema: Type.Integer(),
      tooOld: Type.Integer(),
      /** The whole batch came from a crawler or an automated browser. */
      bot: Type.Integer(),
      /** An error report while REPORT_ERRORS is off. */
      reportingOff: Type.Integer(),
      /** Past the day's budget of the client's address or of the whole portal (TELEMETRY_EVENTS_PER_*). */
      overBudget: Type.Integer(),
      /** DATA_DIR's disk has less free space than TELEMETRY_MIN_FREE_DISK_MB. */
      lowDisk: Type.Integer(),
    }),
  },
  { $id: 'TelemetryAccepted' },
);
export type TelemetryAccepted = Static<typeof TelemetryAccepted>;
