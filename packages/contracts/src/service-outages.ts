/**
 * What the portal answers while a service it relies on is away: 503 with `Retry-After` and a
 * `{ message }` in plain words, never a 500 (docs/operations.md, "When things fail"). The API
 * sends them; a web page that shows the server's words shows these. A module without schemas,
 * so a page may import it.
 */

/** The words and the wait of one outage's answer. */
export interface OutageAnswer {
  message: string;
  /** Sent as `Retry-After`: about how soon asking again may succeed. */
  retryAfterSeconds: number;
}

export const SERVICE_OUTAGES = {
  /**
   * The S3 bucket does not answer: downloads, and the publishing steps that read or write
   * files. Lookups go on (they read the catalogue, not the files). Someone has to bring the
   * bucket back, so the wait is minutes rather than seconds.
   */
  fileStorage: {
    message: 'The portal cannot reach its file storage right now. Please try again in a few minutes.',
    retryAfterSeconds: 60,
  },
  /**
   * Redis, where the sign-in limits count, is away: a sign-in step is refused rather than let
   * through uncounted (docs/decisions/094-limits-in-redis-and-their-outages.md). The portal
   * reconnects within two seconds of Redis coming back.
   */
  signInLimits: {
    message: 'Sign-in is unavailable for a moment. Please try again in a minute.',
    retryAfterSeconds: 30,
  },
  /** The mail server does not answer: the sign-in link was not sent, and nothing of it was kept. */
  signInMail: {
    message: 'The sign-in email cannot be sent right now. Please try again in a few minutes.',
    retryAfterSeconds: 60,
  },
  /** The mail server does not answer: the response key was mailed to no one. */
  responseKeyMail: {
    message: 'The response key email cannot be sent right now. Please try again in a few minutes.',
    retryAfterSeconds: 60,
  },
  /** Any other mail a person asked for, while the mail server does not answer. */
  mail: {
    message: 'Email cannot be sent right now. Please try again in a few minutes.',
    retryAfterSeconds: 60,
  },
} as const satisfies Record<string, OutageAnswer>;
