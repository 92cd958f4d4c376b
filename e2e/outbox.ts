import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/** The sign-in link of the newest mail to `to` in the portal's outbox, waiting for it to arrive. */
export async function signInLinkFromOutbox(to: string): Promise<URL> {
  const outbox = path.join(process.env.PORTAL_DATA_DIR!, 'outbox');
  let link: URL | undefined;
  await expect
    .poll(
      async () => {
        const names = (await readdir(outbox).catch(() => [])).filter((name) => name.endsWith('.eml')).sort();
        for (const name of names.reverse()) {
          const raw = await readFile(path.join(outbox, name), 'utf8');
          if (!new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'im').test(raw)) continue;
          // Quoted-printable, as a mail program would undo it.
          const text = raw
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
          const href = /https?:\/\/[^\s"<>]+\/auth\?bearer=[^\s"<>]+/.exec(text)?.[0];
          link = href ? new URL(href) : undefined;
          return Boolean(link);
        }
        return false;
      },
      { message: `a sign-in mail to ${to} in the outbox`, timeout: 10_000 },
    )
    .toBe(true);
  return link!;
}

/** The decoded text of every mail to `to` in the portal's outbox, oldest first. */
export async function mailsTo(to: string): Promise<string[]> {
  const outbox = path.join(process.env.PORTAL_DATA_DIR!, 'outbox');
  const names = (await readdir(outbox).catch(() => [])).filter((name) => name.endsWith('.eml')).sort();
  const texts: string[] = [];
  for (const name of names) {
    const raw = await readFile(path.join(outbox, name), 'utf8');
    if (!new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'im').test(raw)) continue;
    texts.push(
      raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
  }
  return texts;
}

/** Signs `page` in as `email` through the sign-in widget on `path` and the link mailed to the outbox. */
export async function signInThroughOutbox(page: Page, path: string, email: string) {
  await page.goto(path);
  await page.getByLabel('Enter your company email address').fill(email);
  await page.getByRole('button', { name: 'Get Sign-In Email' }).click();
  await page.goto((await signInLinkFromOutbox(email)).toString());
  await expect(page.getByRole('button', { name: email, exact: true })).toBeVisible();
}
