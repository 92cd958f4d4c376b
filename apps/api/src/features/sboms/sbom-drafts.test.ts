import {
  COMPONENTS_PATHS,
  DRAFT_HAS_PROBLEMS_MESSAGE,
  PUBLISHING_PATHS,
  type CatalogueManifest,
  type ComponentSearchResult,
  type Draft,
  type DraftPreview,
  type DraftPublished,
  type PublishedFilePage,
} from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { useDemoPortal } from '../../../test/demo-portal';
import { EVERY_PUBLISHED_FILE } from '../../../../../test-kit/published-files';

const demo = useDemoPortal();

const send = (method: 'POST' | 'GET', url: string, authorization: string, payload?: object) =>
  demo.portal.app.inject({
    method,
    url,
    headers: { authorization },
    ...(payload === undefined ? {} : { payload }),
    remoteAddress: demo.freshClient(),
  });
const draftUrl = (path: string, id: string) => path.replace(':draftId', id);

/** A draft of one new Dev version whose SBOM is the published file with this SHA-256. */
const versionWithSbom = (name: string, sha256: string): CatalogueManifest => ({
  families: ['Dev'],
  versions: [{ name, families: ['Dev'], sbom: { path: sha256, name: `${name}.cdx.json` } }],
  registrations: [],
  pibs: [],
  dsvs: [],
});

describe('an SBOM in a draft', () => {
  it('is checked once its bytes are on the server: a file that is not CycloneDX is a problem of its entry, and the draft cannot be published', async () => {
    const publisher = await demo.signIn('sbom-drafts@example.com', ['publisher']);
    const { files } = (await demo.get(EVERY_PUBLISHED_FILE, publisher)).json<PublishedFilePage>();
    const pdf = files.find((file) => file.name === 'DSV-Cornerstone-2.8.1.pdf')!;
    const created = await send('POST', PUBLISHING_PATHS.drafts, publisher, versionWithSbom('7.0.1', pdf.sha256));
    expect(created.statusCode, created.body).toBe(201);
    const { draft, problems } = created.json<Draft>();
    expect(problems).toEqual([
      { path: 'versions[0].sbom', message: expect.stringMatching(/^7\.0\.1\.cdx\.json is (not UTF-8 text|not JSON)/) },
    ]);
    const refused = await send('POST', draftUrl(PUBLISHING_PATHS.publication, draft.id), publisher, {
      catalogueVersion: 0,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: DRAFT_HAS_PROBLEMS_MESSAGE });
  });

  it('publishes a CycloneDX SBOM with its version: previewed as an added SBOM, then found by the component search', async () => {
    const publisher = await demo.signIn('sbom-drafts-ok@example.com', ['publisher']);
    const { files } = (await demo.get(EVERY_PUBLISHED_FILE, publisher)).json<PublishedFilePage>();
    const sbom = files.find((file) => file.name === 'cornerstone-2.8.1.cdx.json')!;
    expect(sbom.uses).toEqual([{ section: 'sboms', key: 'cornerstone:2.8.1' }]);
    const created = (
      await send('POST', PUBLISHING_PATHS.drafts, publisher, versionWithSbom('7.0.2', sbom.sha256))
    ).json<Draft>();
    expect(created.problems).toEqual([]);
    const preview = (
      await send('POST', draftUrl(PUBLISHING_PATHS.preview, created.draft.id), publisher, {})
    ).json<DraftPreview>();
    expect(preview.sections.sboms).toMatchObject({ added: 1 });
    const published = await send('POST', draftUrl(PUBLISHING_PATHS.publication, created.draft.id), publisher, {
      catalogueVersion: preview.catalogueVersion,
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<DraftPublished>().change.summary.sboms).toMatchObject({ added: 1 });
    const found = (
      await demo.get(`${COMPONENTS_PATHS.search}?q=openssl&version=1.1.1w`, demo.staff)
    ).json<ComponentSearchResult>();
    expect(found.matches.map((match) => match.release.label)).toEqual(['Cornerstone 7.0.2', 'Cornerstone 2.8.1']);
  });
});
