import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

const RELISTEN_DELAY_MS = 1_000;

export interface ChannelHandlers {
  /** A notification on the channel, with its payload. */
  notification(payload: string | undefined): void;
  /**
   * The connection (re)connected or was lost: a notification may have been missed, so
   * whatever the channel keeps fresh must be dropped.
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

  const retry = () => {
    if (!stopped) timer = setTimeout(() => void connect(), RELISTEN_DELAY_MS);
  };

  const connect = async () => {
    if (stopped) return;
    const connection = new pg.Client(pool.options);
    connection.on('notification', (message) => handlers.notification(message.payload));
    connection.on('error', (error) => {
      log.warn({ err: error }, `lost the ${what} LISTEN connection; reconnecting`);
      if (client === connection) client = undefined;
      void connection.end().catch(() => {});
      handlers.reset();
      retry();
    });
    try {
      await connection.connect();
      await connection.query(`LISTEN ${channel}`);
    } catch (error) {
      await connection.end().catch(() => {});
      if (!stopped) log.warn({ err: error }, `could not LISTEN for ${what}; retrying`);
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
