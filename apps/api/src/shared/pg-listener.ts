import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { isDatabaseUnavailable } from '../db/database-outage';

const RELISTEN_DELAY_MS = 1_000;

export interface ChannelHandlers {
  /** A notification on the channel, with its payload. */
  notification(payload: string | undefined): void;
  /**
   * The connection (re)connected: a notification may have been missed while it was away, so
   * whatever the channel keeps fresh must be dropped. Not when it is lost: until it is back
   * nobody can reach the database to change it through this server, and what is kept goes on
   * being served (docs/decisions/278-the-embedded-postgresql-server-is-supervised.md).
   */
  reset(): void;
}

/**
 * Keeps one connection LISTENing on `channel`, for notifications from this process or any
 * other. It is a client of its own, outside the pool, so that ending the pool never waits
 * for it. What it watches: `what`, for the log lines.
 */
export function listenToChannel(
  pool: pg.Pool,
  channel: string,
  handlers: ChannelHandlers,
  log: FastifyBaseLogger,
  what: string,
) {
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  // The database away is its owner's to log, once (DatabaseAvailability): a line a second per listener helps nobody.
  const lost = (error: unknown, line: string) => {
    if (isDatabaseUnavailable(error)) log.debug({ err: error }, line);
    else log.warn({ err: error }, line);
  };

  const retry = () => {
    if (!stopped) timer = setTimeout(() => void connect(), RELISTEN_DELAY_MS);
  };

  const connect = async () => {
    if (stopped) return;
    const connection = new pg.Client(pool.options);
    connection.on('notification', (message) => handlers.notification(message.payload));
    connection.on('error', (error) => {
      lost(error, `lost the ${what} LISTEN connection; reconnecting`);
      if (client === connection) client = undefined;
      void connection.end().catch(() => {});
      retry();
    });
    try {
      await connection.connect();
      await connection.query(`LISTEN ${channel}`);
    } catch (error) {
      await connection.end().catch(() => {});
      if (!stopped) lost(error, `could not LISTEN for ${what}; retrying`);
      retry();
      return;
    }
    if (stopped) {
      await connection.end().catch(() => {});
      return;
    }
    client = connection;
    handlers.reset();
  };

  const ready = connect();
  return {
    ready,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await ready;
      const connection = client;
      client = undefined;
      await connection?.end().catch(() => {});
    },
  };
}
