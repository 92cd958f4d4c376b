import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { siteNameOf } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

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
  /** Sends the mail; `outboxFile` says where it went when there is no SMTP server. */
  send(mail: Mail): Promise<{ outboxFile?: string }>;
  close(): void;
}

export interface MailerSettings {
  smtpUrl: URL | undefined;
  mailFrom: string;
  senderName: string;
  dataDir: string;
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
    return {
      send: async (mail) => {
        await transport.sendMail({ from, ...mail });
        return {};
      },
      close: () => transport.close(),
    };
  }

  const outbox = path.join(dataDir, 'outbox');
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (mail) => {
      const info = await composer.sendMail({ from, ...mail });
      await mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      const file = path.join(outbox, name);
      // Written aside, then renamed: whoever watches the outbox never reads half a message.
      await writeFile(`${file}.part`, info.message as Buffer, { mode: 0o600 });
      await rename(`${file}.part`, file);
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
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mailer', dependencies: ['config'] },
);
