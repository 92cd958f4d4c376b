import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SERVICE_OUTAGES, siteNameOf } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { Gauge } from 'prom-client';
import { redactUrl } from '../config/config';
import { ServiceAvailability, ServiceUnavailableError } from '../shared/service-availability';

/** Where mail goes without SMTP_URL: DATA_DIR/outbox, as .eml files. */
export const outboxDirOf = (dataDir: string) => path.join(dataDir, 'outbox');

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /**
   * Sends the mail; `outboxFile` says where it went when there is no SMTP server. While the
   * SMTP server cannot be reached it fails at once with a ServiceUnavailableError: the caller
   * keeps nothing of what the mail was for, and answers 503 in its own words.
   */
  send(mail: Mail): Promise<{ outboxFile?: string }>;
  close(): void;
  /** With SMTP_URL: whether the mail server answers now, and its outages' one owner (the plugin logs them). */
  availability?: ServiceAvailability;
}

export interface MailerSettings {
  smtpUrl: URL | undefined;
  mailFrom: string;
  senderName: string;
  dataDir: string;
}

/** While the mail server is away, how often it is asked (a connection, EHLO and the login) whether it is back. */
const MAIL_PROBE_EVERY_MS = 2_000;
/** nodemailer's codes for a server that cannot be reached or will not let the portal in: not one mail's fault. */
const MAIL_SERVER_AWAY_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ETLS',
  'EAUTH',
  'ENOAUTH',
  'EPROXY',
]);
/** Socket codes, for an error that reaches us without nodemailer's own. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/**
 * Whether a send failed because the mail server is away (refused, timed out, the connection
 * broke, the login refused, or 421: the server is closing), rather than because it refused this
 * one mail (a recipient it does not know: EENVELOPE), which is no outage.
 */
export function isMailServerAway(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  if (responseCode === 421) return true;
  return typeof code === 'string' && (MAIL_SERVER_AWAY_CODES.has(code) || SOCKET_CODES.has(code));
}

/**
 * nodemailer over SMTP when SMTP_URL is set; otherwise each message is written whole
 * (headers, text and HTML parts) as an .eml file under DATA_DIR/outbox/.
 */
export function createMailer({ smtpUrl, mailFrom, senderName, dataDir }: MailerSettings): Mailer {
  const from = { name: senderName, address: mailFrom };
  if (smtpUrl) {
    const transport = nodemailer.createTransport({
      url: smtpUrl.toString(),
      // A mail server that does not answer must not hold a request for minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    } as SMTPTransport.Options);
    const availability = new ServiceAvailability({
      isUnreachable: isMailServerAway,
      probeEveryMs: MAIL_PROBE_EVERY_MS,
      probe: () => transport.verify(),
      unavailable: (reason) =>
        new ServiceUnavailableError(
          SERVICE_OUTAGES.mail,
          `The mail server at ${redactUrl(smtpUrl)} cannot be reached (${reason})`,
        ),
    });
    return {
      send: async (mail) => {
        await availability.run(() => transport.sendMail({ from, ...mail }));
        return {};
      },
      close: () => {
        availability.stop();
        transport.close();
      },
      availability,
    };
  }

  const outbox = outboxDirOf(dataDir);
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (mail) => {
      const info = await composer.sendMail({ from, ...mail });
      await mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      const file = path.join(outbox, name);
      // Written aside, then renamed: whoever watches the outbox never reads half a message,
      // and a write cut short (a full disk) leaves nothing behind.
      try {
        await writeFile(`${file}.part`, info.message as Buffer, { mode: 0o600 });
        await rename(`${file}.part`, file);
      } catch (error) {
        await rm(`${file}.part`, { force: true });
        throw error;
      }
      return { outboxFile: file };
    },
    close: () => composer.close(),
  };
}

/** The portal's one mailer, from SMTP_URL, MAIL_FROM and MAKER_NAME; closed with the app. */
export default fp(
  async function mailerPlugin(app: FastifyInstance) {
    const { smtpUrl, mailFrom, makerName, dataDir } = app.config;
    const mailer = createMailer({ smtpUrl, mailFrom, senderName: siteNameOf(makerName), dataDir });
    app.decorate('mailer', mailer);
    const { availability } = mailer;
    // The operator's view of a mail server outage (docs/operations.md, "When things fail"): one
    // warning when it goes, one line when it is back, and portal_mail_up.
    new Gauge({
      name: 'portal_mail_up',
      help: 'Whether the SMTP server answers: 1, or 0 while it is away (mail a person asks for answers 503); always 1 with the outbox',
      registers: [app.metrics.registry],
      collect() {
        this.set(availability?.up === false ? 0 : 1);
      },
    });
    availability?.onChange(({ up, reason, awaySeconds }) => {
      const server = `The mail server at ${redactUrl(smtpUrl!)}`;
      if (up) app.log.info(`${server} answers again after ${awaySeconds!.toFixed(1)} s`);
      else
        app.log.warn(
          `${server} is unreachable (${reason}): sign-in links and response keys are not sent, and their requests answer 503, until it is back`,
        );
    });
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mailer', dependencies: ['config', 'metrics'] },
);
