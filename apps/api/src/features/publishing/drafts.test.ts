import {
  AUDIT_ACTIONS,
  CATALOGUE_CHANGED_SINCE_PREVIEW_MESSAGE,
  DRAFT_ALREADY_PUBLISHED_MESSAGE,
  NO_DRAFT_MESSAGE,
  PUBLISHING_PATHS,
  roleRequiredMessage,
  type CatalogueChangeList,
  type CatalogueManifest,
  type Draft,
  type DraftList,
  type DraftPreview,
  type DraftPublished,
  type DraftPublishRefused,
  type Pib,
  type PublishedFilePage,
} from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO, useDemoPortal } from '../../../test/demo-portal';
import { sweepExpiredDrafts } from './drafts';
import { publishingDrafts } from './publishing-tables';
import { onePibManifest } from '../../../../../test-kit/manifests';
import { EVERY_PUBLISHED_FILE } from '../../../../../test-kit/published-files';

const demo = useDemoPortal();

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, authorization: string, payload?: string | object) =>
  demo.portal.app.inject({
    method,
    url,
    headers: { authorization, ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}) },
    ...(payload === undefined ? {} : { payload }),
    remoteAddress: demo.freshClient(),
  });
const draftUrl = (path: string, id: string) => path.replace(':draftId', id);

/** A catalogue.json adding one Cornerstone 2.10.0 PIB whose file is named by `sha256`. */
function newPib(sha256: string, internalVariant: string, name?: string): CatalogueManifest {
  return onePibManifest({ internalVariant, variant: `Draft ${internalVariant}`, path: sha256, name });
}

async function storedPibFile(publisher: string) {
  const { files } = (await demo.get(EVERY_PUBLISHED_FILE, publisher)).json<PublishedFilePage>();
  return files.find((file) => file.uses.some((use) => use.section === 'pibs') && file.withdrawn === null)!;
}

async function createDraft(publisher: string, manifest: CatalogueManifest) {
  const created = await send('POST', PUBLISHING_PATHS.drafts, publisher, manifest);
  expect(created.statusCode, created.body).toBe(201);
  return created.json<Draft>();
}

const preview = (publisher: string, id: string, body: Record<string, string> = {}) =>
  send('POST', draftUrl(PUBLISHING_PATHS.preview, id), publisher, body);
const publish = (publisher: string, id: string, catalogueVersion: number) =>
  send('POST', draftUrl(PUBLISHING_PATHS.publication, id), publisher, { catalogueVersion });

describe('drafts: a catalogue.json on the server, previewed and published from the browser door', () => {
  it('publishes a new PIB from a draft: preview shows it added and in the registration’s list; the lookup lists it; the history names the publisher and the browser', async () => {
    const publisher = await demo.signIn('drafts-publisher@example.com', ['publisher']);
    const other = await demo.signIn('drafts-other@example.com', ['publisher']);
    const file = await storedPibFile(publisher);

    const draft = await createDraft(publisher, newPib(file.sha256, 'drafted'));
    expect(draft.problems).toEqual([]);
    expect(draft.files).toEqual([{ sha256: file.sha256, name: file.name, state: 'stored', sizeBytes: file.sizeBytes }]);
    expect(draft.draft).toMatchObject({ createdBy: 'drafts-publisher@example.com' });

    // Another publisher finds it and continues it.
    const listed = (await demo.get(PUBLISHING_PATHS.drafts, other)).json<DraftList>();
    expect(listed.drafts.map((entry) => entry.id)).toContain(draft.draft.id);

    // The preview reads the snapshot inside its transaction, one query at a time: a pg client
    // handed a second query while one runs warns that pg 9 will refuse it.
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    const previewed = await preview(other, draft.draft.id, { registrationId: 'demo-cs-1001' });
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', onWarning);
    expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
    expect(previewed.statusCode, previewed.body).toBe(200);
    const shown = previewed.json<DraftPreview>();
    expect(shown.diff).toContainEqual(
      expect.objectContaining({ section: 'pibs', key: 'Cornerstone 2.10.0 drafted', outcome: 'added' }),
    );
    expect(shown.sections.pibs).toMatchObject({ added: 1, changed: 0 });
    expect(shown.lookups!.before.pibs).not.toContain('Cornerstone 2.10.0 drafted');
    expect(shown.lookups!.after.pibs).toContain('Cornerstone 2.10.0 drafted');
    // Nothing is published by a preview.
    const pibsBefore = (await demo.get('/v1/ProductInformationBulletins', DEMO.CS)).json<Pib[]>();
    expect(pibsBefore.some((pib) => pib.internalVariant === 'drafted')).toBe(false);

    const published = await publish(other, draft.draft.id, shown.catalogueVersion);
    expect(published.statusCode, published.body).toBe(200);
    const { change } = published.json<DraftPublished>();
    expect(change).toMatchObject({ actor: 'drafts-other@example.com', door: 'browser' });
    expect(change.summary.pibs).toMatchObject({ added: 1 });

    const pibs = (await demo.get('/v1/ProductInformationBulletins', DEMO.CS)).json<Pib[]>();
    expect(pibs.find((pib) => pib.internalVariant === 'drafted')).toMatchObject({ variant: 'Draft drafted' });
    const [newest] = (await demo.get(PUBLISHING_PATHS.changes, publisher)).json<CatalogueChangeList>().changes;
    expect(newest).toMatchObject({ id: change.id, actor: 'drafts-other@example.com', door: 'browser' });
    const { rows } = await demo.portal.database.pool.query<{ actor_email: string }>(
      'SELECT actor_email FROM audit_log WHERE action = $1 ORDER BY id DESC LIMIT 1',
      [AUDIT_ACTIONS.cataloguePublish],
    );
    expect(rows[0]?.actor_email).toBe('drafts-other@example.com');

    // Published: no longer in progress; publishing it again is refused and changes nothing.
    expect(
      (await demo.get(PUBLISHING_PATHS.drafts, publisher)).json<DraftList>().drafts.map((d) => d.id),
    ).not.toContain(draft.draft.id);
    const again = await publish(publisher, draft.draft.id, change.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: DRAFT_ALREADY_PUBLISHED_MESSAGE });
    const [stillNewest] = (await demo.get(PUBLISHING_PATHS.changes, publisher)).json<CatalogueChangeList>().changes;
    expect(stillNewest!.id).toBe(change.id);
  });

  it('refuses a publish after the catalogue changed since the preview, with that message and the new diff', async () => {
    const publisher = await demo.signIn('drafts-stale@example.com', ['publisher']);
    const file = await storedPibFile(publisher);
    const first = await createDraft(publisher, newPib(file.sha256, 'stale-a'));
    const second = await createDraft(publisher, newPib(file.sha256, 'stale-b'));
    const previewed = (await preview(publisher, second.draft.id)).json<DraftPreview>();
    const firstPreview = (await preview(publisher, first.draft.id)).json<DraftPreview>();
    expect((await publish(publisher, first.draft.id, firstPreview.catalogueVersion)).statusCode).toBe(200);

    const refused = await publish(publisher, second.draft.id, previewed.catalogueVersion);
    expect(refused.statusCode).toBe(409);
    const body = refused.json<DraftPublishRefused>();
    expect(body.message).toBe(CATALOGUE_CHANGED_SINCE_PREVIEW_MESSAGE);
    expect(body.preview!.catalogueVersion).toBeGreaterThan(previewed.catalogueVersion);
    expect(body.preview!.diff).toContainEqual(
      expect.objectContaining({ section: 'pibs', key: 'Cornerstone 2.10.0 stale-b', outcome: 'added' }),
    );
    // Still a draft in progress: publishing with the new version works.
    expect((await publish(publisher, second.draft.id, body.preview!.catalogueVersion)).statusCode).toBe(200);
  });

  it('publishes a draft once when it is sent twice at the same time', async () => {
    const publisher = await demo.signIn('drafts-twice@example.com', ['publisher']);
    const file = await storedPibFile(publisher);
    const draft = await createDraft(publisher, newPib(file.sha256, 'twice'));
    const { catalogueVersion } = (await preview(publisher, draft.draft.id)).json<DraftPreview>();
    const answers = await Promise.all([
      publish(publisher, draft.draft.id, catalogueVersion),
      publish(publisher, draft.draft.id, catalogueVersion),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toEqual({
      message: DRAFT_ALREADY_PUBLISHED_MESSAGE,
    });
  });

  it('lists a file not stored yet as awaiting upload, and refuses to publish until it is', async () => {
    const publisher = await demo.signIn('drafts-awaiting@example.com', ['publisher']);
    const missing = 'a'.repeat(64);
    const draft = await createDraft(publisher, newPib(missing, 'awaiting', 'Awaiting-PIB.pdf'));
    expect(draft.files).toEqual([
      { sha256: missing, name: 'Awaiting-PIB.pdf', state: 'awaiting upload', sizeBytes: null },
    ]);
    const { catalogueVersion } = (await preview(publisher, draft.draft.id)).json<DraftPreview>();
    const refused = await publish(publisher, draft.draft.id, catalogueVersion);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'Files awaiting upload: Awaiting-PIB.pdf. Upload them before publishing.',
    });
    const pibs = (await demo.get('/v1/ProductInformationBulletins', DEMO.CS)).json<Pib[]>();
    expect(pibs.some((pib) => pib.internalVariant === 'awaiting')).toBe(false);
  });

  it('names each problem by its field in the CLI’s words; refuses what is not a catalogue.json, storing nothing', async () => {
    const publisher = await demo.signIn('drafts-problems@example.com', ['publisher']);
    const file = await storedPibFile(publisher);
    const manifest = newPib(file.sha256, 'problems');
    manifest.pibs[0]!.effectiveDate = '2024-13-45';
    const draft = await createDraft(publisher, manifest);
    expect(draft.problems).toContainEqual({ path: 'pibs[0].effectiveDate', message: expect.any(String) });

    const before = (await demo.get(PUBLISHING_PATHS.drafts, publisher)).json<DraftList>().drafts.length;
    const wrongShape = await send('POST', PUBLISHING_PATHS.drafts, publisher, { families: ['CS'], pibs: 'x' });
    expect(wrongShape.statusCode).toBe(400);
    expect(wrongShape.json<{ problems: { path: string }[] }>().problems.map((problem) => problem.path)).toContain(
      'pibs',
    );
    const notJson = await send('POST', PUBLISHING_PATHS.drafts, publisher, '{"families": [');
    expect(notJson.statusCode, notJson.body).toBe(400);
    expect(notJson.json()).toEqual({ message: expect.any(String) });
    const huge = await send('POST', PUBLISHING_PATHS.drafts, publisher, '{"families": 1e9999}');
    expect(huge.statusCode).toBe(400);
    const dotDot = newPib(file.sha256, 'dots');
    dotDot.pibs[0]!.file.path = '../etc/passwd';
    expect((await send('POST', PUBLISHING_PATHS.drafts, publisher, dotDot)).statusCode).toBe(400);
    const nul = newPib(file.sha256, 'nul');
    nul.pibs[0]!.file.path = 'a\u0000b';
    expect((await send('POST', PUBLISHING_PATHS.drafts, publisher, nul)).statusCode).toBe(400);
    expect((await demo.get(PUBLISHING_PATHS.drafts, publisher)).json<DraftList>().drafts.length).toBe(before);

    const replaced = await send('PUT', draftUrl(PUBLISHING_PATHS.draft, draft.draft.id), publisher, { families: 1 });
    expect(replaced.statusCode).toBe(400);
    const kept = (await demo.get(draftUrl(PUBLISHING_PATHS.draft, draft.draft.id), publisher)).json<Draft>();
    expect(kept.manifest.pibs[0]!.effectiveDate).toBe('2024-13-45');

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await demo.get(draftUrl(PUBLISHING_PATHS.draft, unknown), publisher)).json()).toEqual({
      message: NO_DRAFT_MESSAGE,
    });
    expect((await preview(publisher, unknown)).statusCode).toBe(404);
    expect((await publish(publisher, unknown, 0)).statusCode).toBe(404);

    const viewer = await demo.signIn('drafts-viewer@example.com', []);
    const forbidden = await send('POST', PUBLISHING_PATHS.drafts, viewer, manifest);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: roleRequiredMessage('publisher') });

    const fixed = newPib(file.sha256, 'problems');
    const put = await send('PUT', draftUrl(PUBLISHING_PATHS.draft, draft.draft.id), publisher, fixed);
    expect(put.json<Draft>().problems).toEqual([]);
    expect((await send('DELETE', draftUrl(PUBLISHING_PATHS.draft, draft.draft.id), publisher)).statusCode).toBe(204);
    expect((await demo.get(draftUrl(PUBLISHING_PATHS.draft, draft.draft.id), publisher)).statusCode).toBe(404);
  });

  it('previews a key ID’s lookups from the body; an unknown ID lists nothing; both IDs at once are refused', async () => {
    const publisher = await demo.signIn('drafts-key@example.com', ['publisher']);
    const file = await storedPibFile(publisher);
    const draft = await createDraft(publisher, newPib(file.sha256, 'key-preview'));
    const byKey = (await preview(publisher, draft.draft.id, { keyId: 'DEMO-KEY-2001' })).json<DraftPreview>();
    expect(byKey.lookups!.after.chromatofReleases.length).toBeGreaterThan(0);
    expect(byKey.lookups!.after).toEqual(byKey.lookups!.before);
    const unknown = await preview(publisher, draft.draft.id, { registrationId: 'NO-SUCH-ID' });
    expect(unknown.json<DraftPreview>().lookups).toBeNull();
    const both = await preview(publisher, draft.draft.id, { registrationId: 'DEMO-CS-1001', keyId: 'DEMO-KEY-2001' });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ message: 'Give a registration ID or a key ID, not both.' });
  });

  it('sweeps a draft unchanged for DRAFT_EXPIRY_DAYS', async () => {
    const publisher = await demo.signIn('drafts-expiry@example.com', ['publisher']);
    const file = await storedPibFile(publisher);
    const old = await createDraft(publisher, newPib(file.sha256, 'old'));
    const fresh = await createDraft(publisher, newPib(file.sha256, 'fresh'));
    const { db } = demo.portal.database;
    await db
      .update(publishingDrafts)
      .set({ updatedAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1_000) })
      .where(eq(publishingDrafts.id, old.draft.id));
    expect(await sweepExpiredDrafts(db, demo.portal.app.config.draftExpiryDays)).toBeGreaterThanOrEqual(1);
    const ids = (await demo.get(PUBLISHING_PATHS.drafts, publisher)).json<DraftList>().drafts.map((d) => d.id);
    expect(ids).not.toContain(old.draft.id);
    expect(ids).toContain(fresh.draft.id);
  });
});
