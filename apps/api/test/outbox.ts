import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface ReceivedMail {
  to: string;
  subject: string;
  /** The whole message with quoted-printable soft breaks and escapes undone. */
  decoded: string;
  /** The first sign-in link in the message (the plain-text part comes first). */
  link: URL | undefined;
}

/** Reads a raw RFC 5322 message the way a person's mail program would show its links. */
export function parseMail(raw: string): ReceivedMail {
  const decoded = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(raw)?.[1]?.trim() ?? '';
  const href = /https?:\/\/[^\s"<>]+\/auth\?bearer=[^\s"<>]+/.exec(decoded)?.[0];
  return { to: header('To'), subject: header('Subject'), decoded, link: href ? new URL(href) : undefined };
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
  return Promise.all(names.map(async (name) => parseMail(await readFile(path.join(dir, name), 'utf8'))));
}

/** The newest message to `to`, or fails the test. */
export async function lastMailTo(dataDir: string, to: string): Promise<ReceivedMail> {
  const mail = (await readOutbox(dataDir)).filter((message) => message.to === to).at(-1);
  if (!mail) throw new Error(`no mail to ${to} in the outbox`);
  return mail;
}
