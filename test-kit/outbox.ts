import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** A message the portal wrote to DATA_DIR/outbox (no SMTP_URL), read as a mail program shows it. */
export interface ReceivedMail {
  /** The file's name: the time it was written, so names sort oldest first. */
  file: string;
  to: string;
  subject: string;
  /** The whole message with quoted-printable soft breaks and escapes undone. */
  decoded: string;
  /** The first sign-in link in the message (the plain-text part comes first). */
  link: URL | undefined;
}

/** Reads a raw RFC 5322 message the way a person's mail program would show its links. */
export function parseMail(raw: string, file = ''): ReceivedMail {
  const decoded = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(raw)?.[1]?.trim() ?? '';
  const href = /https?:\/\/[^\s"<>]+\/auth\?bearer=[^\s"<>]+/.exec(decoded)?.[0];
  return { file, to: header('To'), subject: header('Subject'), decoded, link: href ? new URL(href) : undefined };
}

/** Every message in DATA_DIR/outbox, oldest first. */
export async function readOutbox(dataDir: string): Promise<ReceivedMail[]> {
  const dir = path.join(dataDir, 'outbox');
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(names.map(async (name) => parseMail(await readFile(path.join(dir, name), 'utf8'), name)));
}

/** Every message to `to` in the outboxes of `dataDirs` (one per portal process), oldest first. */
export async function mailsTo(to: string, dataDirs: string | string[]): Promise<ReceivedMail[]> {
  const all = await Promise.all([dataDirs].flat().map(readOutbox));
  return all
    .flat()
    .filter((mail) => mail.to.toLowerCase() === to.toLowerCase())
    .sort((a, b) => a.file.localeCompare(b.file));
}

/** The newest message to `to`, or fails the test. */
export async function lastMailTo(dataDir: string, to: string): Promise<ReceivedMail> {
  const mail = (await mailsTo(to, dataDir)).at(-1);
  if (!mail) throw new Error(`no mail to ${to} in the outbox`);
  return mail;
}

/**
 * The sign-in link of the newest mail to `to` in any of the outboxes of `dataDirs`, waiting
 * up to `timeoutMs` for it to arrive (the portal writes it as it answers, or just after).
 */
export async function waitForSignInLink(
  to: string,
  dataDirs: string | string[],
  { timeoutMs = 10_000 }: { timeoutMs?: number } = {},
): Promise<URL> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const link = (await mailsTo(to, dataDirs)).findLast((mail) => mail.link)?.link;
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no sign-in mail to ${to} in the outbox within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
