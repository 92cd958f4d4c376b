import { ADVISORY_PATHS, CSAF_PATHS, type AdvisoryDetail, type AdvisoryDraft } from '@portal/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { useDemoPortal } from '../../../test/demo-portal';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/config';
import { blobStoreFor } from '../../plugins/blob-store';
import { cornerstoneAdvisory } from './test-advisories';

const ENV = { MAKER_NAME: 'Acme Instruments' };
const demo = useDemoPortal({ env: ENV });

describe('two portals on one database', () => {
  let other: { app: Awaited<ReturnType<typeof buildApp>>; close(): Promise<void> } | undefined;
  afterAll(() => other?.close());

  it('sign with the same key, and the other serves a publish at once (its NOTIFY)', async () => {
    const config = loadConfig({ ...ENV, DATA_DIR: demo.dataDir });
    const blobStore = await blobStoreFor(config);
    const app = await buildApp({
      config,
      db: demo.portal.database.db,
      pool: demo.portal.database.pool,
      secretKey: demo.portal.app.secretKey,
      blobStore,
    });
    app.log.level = 'silent';
    other = { app, close: async () => (await app.close(), blobStore.close?.()) };
    expect(app.csafSigning.fingerprint).toBe(demo.portal.app.csafSigning.fingerprint);

    const onOther = (url: string) => app.inject({ method: 'GET', url });
    const before = (await onOther(CSAF_PATHS.index)).body;
    const security = await demo.signIn('security-two-portals@example.com', ['security']);
    const send = (method: 'POST', url: string, payload: object) =>
      demo.portal.app.inject({ method, url, payload, headers: { authorization: security } });
    const draft = (await send('POST', ADVISORY_PATHS.drafts, cornerstoneAdvisory())).json<AdvisoryDraft>();
    const published = (await send('POST', ADVISORY_PATHS.publish.replace(':id', draft.id), {})).json<AdvisoryDetail>();

    const line = published.csafUrl.slice(CSAF_PATHS.directory.length);
    expect(before).not.toContain(line);
    await expect
      .poll(async () => (await onOther(CSAF_PATHS.index)).body, { timeout: 2_000, interval: 20 })
      .toContain(line);
    const document = await onOther(published.csafUrl);
    expect(document.statusCode).toBe(200);
    expect(document.body).toBe((await demo.get(published.csafUrl)).body);
  });
});
