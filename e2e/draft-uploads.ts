import { createHash, randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PUBLISHING_PATHS } from '@portal/contracts';
import type { Page } from '@playwright/test';

/** What the browser specs of a draft's uploads share: files to send, what the page showed, what it sent. */

/** A file of random bytes (`megabytes` MB) in `dir`, with its SHA-256: no other run or test has it. */
export async function randomFileIn(dir: string, name: string, megabytes: number) {
  const bytes = randomBytes(megabytes * 1000 * 1000);
  const filePath = path.join(dir, name);
  await writeFile(filePath, bytes);
  return { filePath, name, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** Every text the page's status lines showed, in order: what the publisher saw, kept across the page's renders. */
export async function recordStatuses(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { statuses: string[] }).statuses = seen;
    new MutationObserver(() => {
      for (const status of document.querySelectorAll('[role="status"]')) {
        const text = status.textContent ?? '';
        if (seen.at(-1) !== text) seen.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}
export const statuses = (page: Page) => page.evaluate(() => (window as unknown as { statuses: string[] }).statuses);

/** A draft's file on its screen: its card in the Files section. */
export const fileCard = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Files' }).getByRole('listitem', { name, exact: true });

/** One request of the drafts API about a file's bytes, as the page sent it. */
export interface UploadRequest {
  kind: 'creation' | 'patch' | 'claim' | 'deletion';
  /** The upload's path (its Location; the claim's `uploadId` for a claim), or '' when it names none. */
  upload: string;
  /** The creation's Upload-Metadata, decoded; the claim's body. */
  fields: Record<string, unknown>;
  /** The answer's status, once it has come (none for a request that failed). */
  status?: number;
}

/**
 * The page's requests about draft files, in the order it sent them: tus creations (with where
 * the server put them), PATCHes, claims and deletions. Answers fill in as they come.
 */
export function uploadRequests(page: Page): UploadRequest[] {
  const seen: UploadRequest[] = [];
  const claims = new RegExp(`${PUBLISHING_PATHS.draftFiles.replace(':draftId', '[0-9a-f-]+')}$`);
  page.on('request', (request) => {
    const url = new URL(request.url());
    const method = request.method();
    const ofAnUpload = url.pathname.startsWith(`${PUBLISHING_PATHS.uploads}/`);
    let entry: UploadRequest;
    if (method === 'POST' && url.pathname === PUBLISHING_PATHS.uploads) {
      const fields = Object.fromEntries(
        (request.headers()['upload-metadata'] ?? '')
          .split(',')
          .map((pair) => pair.split(' '))
          .map(([key, value]) => [key, value === undefined ? null : Buffer.from(value, 'base64').toString()]),
      );
      entry = { kind: 'creation', upload: '', fields };
    } else if (method === 'PATCH' && ofAnUpload) {
      entry = { kind: 'patch', upload: url.pathname, fields: { offset: Number(request.headers()['upload-offset']) } };
    } else if (method === 'DELETE' && ofAnUpload) {
      entry = { kind: 'deletion', upload: url.pathname, fields: {} };
    } else if (method === 'POST' && claims.test(url.pathname)) {
      const fields = request.postDataJSON() as Record<string, unknown>;
      const upload = typeof fields.uploadId === 'string' ? `${PUBLISHING_PATHS.uploads}/${fields.uploadId}` : '';
      entry = { kind: 'claim', upload, fields };
    } else return;
    seen.push(entry);
    void request.response().then((response) => {
      if (!response) return;
      entry.status = response.status();
      const location = response.headers()['location'];
      if (entry.kind === 'creation' && location) entry.upload = new URL(location, request.url()).pathname;
    });
  });
  return seen;
}
