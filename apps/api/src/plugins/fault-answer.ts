import { DISK_FULL_MESSAGE, INSUFFICIENT_STORAGE, type ErrorCode } from '@portal/contracts';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from '../db/database-outage';
import { ServiceUnavailableError } from '../shared/service-availability';
import { isOutOfSpace } from './disks';

/** What a request is answered when a fault that is not its own stopped it (docs/operations.md, "When things fail"). */
export interface FaultAnswer {
  status: number;
  message: string;
  /** What a customer page tells it by (docs/api.md, "Error codes"): a wait. A full disk has none: no customer saves anything. */
  code?: ErrorCode;
  /** For a wait (503): when to ask again. A full disk has none: only the operator mends it. */
  retryAfterSeconds?: number;
}

/**
 * The one mapping of faults to answers, asked by the error handler and by the upload routes
 * (tus answers outside the error handler): a service away (the S3 bucket, the mail server, a
 * closed limit's Redis) or the database away is a 503 in its own words, a full disk a 507.
 * Undefined for anything else: a fault of ours, or the request's.
 */
export function faultAnswer(error: unknown): FaultAnswer | undefined {
  if (error instanceof ServiceUnavailableError) {
    return {
      status: 503,
      message: error.answer.message,
      code: 'service-unavailable',
      retryAfterSeconds: error.answer.retryAfterSeconds,
    };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      message: DATABASE_UNAVAILABLE_MESSAGE,
      code: 'database-unavailable',
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    };
  }
  if (isOutOfSpace(error)) return { status: INSUFFICIENT_STORAGE, message: DISK_FULL_MESSAGE };
  return undefined;
}
