import { existsSync } from 'node:fs';
import {
  NO_DRAFT_MESSAGE,
  PUBLISHING_PATHS,
  type CatalogueChangeList,
  type CatalogueManifest,
  type Draft,
  type DraftPreview,
  type DraftPublished,
  type Pib,
  type PublishedFilePage,
} from '@portal/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import {
  embeddedDatabase,
  removeDataDir,
  SERVER_ENTRY,
  startPortal,
  type PortalProcess,
} from '../../../../../test-kit/portal-process';
import { signInWithRoles, type StaffSignIn } from '../../../../../test-kit/staff-session';
import { IMPORT_LOCK_KEY } from './sweep';
import { EVERY_PUBLISHED_FILE } from '../../../../../test-kit/published-files';

// kill -9 of the portal while a publish is in flight (issue 25): the production build as an
// operator runs it, on its embedded database. The publish is one transaction, so after a
// restart it happened completely or not at all, and a draft it did not publish can be
// published then. Which of the two depends on the moment the kill lands: both are checked.

const DOMAIN = 'crash.example';
const ADMIN = `crash-admin@${DOMAIN}`;
const PUBLISHER = `crash-publisher@${DOMAIN}`;
const CUSTOMER = { authorization: 'Hasp id=DEMO-CS-1001' };
/** Enough PIBs that the publish's transaction runs for a few hundred milliseconds, long enough to be killed in. */
const ENTRIES = 2_000;
const VARIANT_PREFIX = 'crash-';

let portal: PortalProcess | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  // SIGTERM: the portal stops its embedded server too (a killed one leaves it to the next start).
  await portal?.stop();
  if (dataDir) await removeDataDir(dataDir);
  portal = undefined;
  dataDir = undefined;
});

/** A draft's manifest: ENTRIES PIBs of Cornerstone 2.10.0 (which DEMO-CS-1001 may see), each naming `sha256`. */
function manyPibs(sha256: string): CatalogueManifest {
  return {
    families: ['CS'],
    versions: [],
    registrations: [],
    pibs: Array.from({ length: ENTRIES }, (_, index) => ({
      product: 'Cornerstone',
      version: '2.10.0',
      internalVariant: `${VARIANT_PREFIX}${String(index).padStart(4, '0')}`,
      variant: `Crash ${index}`,
      file: { path: sha256 },
    })),
    dsvs: [],
  };
}

/** A JSON call to the running portal as `who` (a staff bearer or a customer's header). */
async function call<T>(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const response = await fetch(new URL(path, portal!.url), {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as T };
}

const draftPath = (path: string, id: string) => path.replace(':draftId', id);

/** The draft's PIBs the customer's lookup lists now. */
async function listedDraftPibs(): Promise<number> {
  const { status, body } = await call<Pib[]>('GET', '/v1/ProductInformationBulletins', CUSTOMER);
  expect(status).toBe(200);
  return body.filter((pib) => pib.internalVariant.startsWith(VARIANT_PREFIX)).length;
}

/** The draft's PIB rows in the database, whatever any lookup shows. */
async function storedDraftPibs(): Promise<number> {
  const client = await embeddedDatabase(dataDir!);
  try {
    const { rows } = await client.query<{ count: string }>(`SELECT count(*) FROM pibs WHERE internal_variant LIKE $1`, [
      `${VARIANT_PREFIX}%`,
    ]);
    return Number(rows[0]!.count);
  } finally {
    await client.end();
  }
}

/** The publishes of `publisher` in the history. */
async function publishesBy(publisher: StaffSignIn) {
  const { body } = await call<CatalogueChangeList>('GET', PUBLISHING_PATHS.changes, publisher.headers);
  return body.changes.filter((change) => change.actor === PUBLISHER && change.door === 'browser');
}

/**
 * Resolves once some session holds the import lock (an advisory lock on a bigint key: its
 * high half in classid, its low half in objid): the publish's transaction is under way.
 */
async function importLockHeld(timeoutMs = 15_000) {
  const client = await embeddedDatabase(dataDir!);
  try {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const { rows } = await client.query<{ held: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 1
           AND ((classid::bigint << 32) | objid::bigint) = $1) AS held`,
        [IMPORT_LOCK_KEY],
      );
      if (rows[0]!.held) return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error('the publish never took the import lock');
  } finally {
    await client.end();
  }
}

describe('kill -9 of the portal during a publish', () => {
  it('after a restart the publish happened completely or not at all; a draft not published is still open and publishes then', async () => {
    expect(existsSync(SERVER_ENTRY), 'the production build: npm run build -w @portal/api').toBe(true);
    portal = await startPortal({ env: { STAFF_EMAIL_DOMAINS: DOMAIN, ADMIN_EMAILS: ADMIN } });
    dataDir = portal.dataDir;
    const publisher = await signInWithRoles({
      origin: portal.url,
      dataDir,
      admin: ADMIN,
      email: PUBLISHER,
      roles: ['publisher'],
    });

    // A draft of many PIBs, all naming a file already stored, previewed.
    const { body: published } = await call<PublishedFilePage>('GET', EVERY_PUBLISHED_FILE, publisher.headers);
    const stored = published.files.find(
      (file) => file.withdrawn === null && file.uses.some((use) => use.section === 'pibs'),
    );
    const created = await call<Draft>('POST', PUBLISHING_PATHS.drafts, publisher.headers, manyPibs(stored!.sha256));
    expect(created.status).toBe(201);
    expect(created.body.problems).toEqual([]);
    const draftId = created.body.draft.id;
    const preview = await call<DraftPreview>(
      'POST',
      draftPath(PUBLISHING_PATHS.preview, draftId),
      publisher.headers,
      {},
    );
    expect(preview.body.sections.pibs).toMatchObject({ added: ENTRIES });
    const { catalogueVersion } = preview.body;

    // Publish; once its transaction holds the import lock, and a moment into it, kill -9.
    const answer = fetch(new URL(draftPath(PUBLISHING_PATHS.publication, draftId), portal.url), {
      method: 'POST',
      headers: { ...publisher.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ catalogueVersion }),
    }).then(
      (response) => `answered ${response.status}`,
      () => 'no answer',
    );
    await importLockHeld();
    await new Promise((resolve) => setTimeout(resolve, 50));
    portal.child.kill('SIGKILL');
    await portal.exited;
    const answered = await answer;

    // Restarted on the same data; the publisher's session is in the database and still good.
    portal = await startPortal({ dataDir, env: { STAFF_EMAIL_DOMAINS: DOMAIN, ADMIN_EMAILS: ADMIN } });
    const changes = await publishesBy(publisher);
    const stillOpen = await call<Draft>('GET', draftPath(PUBLISHING_PATHS.draft, draftId), publisher.headers);
    // An answer can only have been a 200 of a publish that committed before the kill landed.
    expect(['no answer', 'answered 200']).toContain(answered);
    if (answered === 'answered 200') expect(changes).toHaveLength(1);
    console.info(
      `killed during the publish (${answered}): ${changes.length === 1 ? 'it happened completely' : 'it did not happen'}`,
    );
    if (changes.length === 1) {
      // Completely: in the history, every entry in the lookup and the database, the draft done.
      expect(changes[0]!.summary.pibs).toMatchObject({ added: ENTRIES });
      expect(await listedDraftPibs()).toBe(ENTRIES);
      expect(await storedDraftPibs()).toBe(ENTRIES);
      expect(stillOpen).toEqual({ status: 404, body: { message: NO_DRAFT_MESSAGE } });
      return;
    }
    // Not at all: no change, no entry anywhere, the catalogue where it was, the draft still open.
    expect(changes).toEqual([]);
    expect(await listedDraftPibs()).toBe(0);
    expect(await storedDraftPibs()).toBe(0);
    expect(stillOpen.status).toBe(200);
    expect(stillOpen.body.problems).toEqual([]);
    const again = await call<DraftPreview>('POST', draftPath(PUBLISHING_PATHS.preview, draftId), publisher.headers, {});
    expect(again.body.catalogueVersion).toBe(catalogueVersion);
    expect(again.body.sections.pibs).toMatchObject({ added: ENTRIES });

    // And it publishes now, completely.
    const publishedNow = await call<DraftPublished>(
      'POST',
      draftPath(PUBLISHING_PATHS.publication, draftId),
      publisher.headers,
      { catalogueVersion },
    );
    expect(publishedNow.status).toBe(200);
    expect(publishedNow.body.change.summary.pibs).toMatchObject({ added: ENTRIES });
    expect(await publishesBy(publisher)).toHaveLength(1);
    expect(await listedDraftPibs()).toBe(ENTRIES);
    expect(await storedDraftPibs()).toBe(ENTRIES);
  }, 60_000);
});
