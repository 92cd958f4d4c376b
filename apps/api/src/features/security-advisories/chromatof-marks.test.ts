import {
  ADVISORY_PATHS,
  affectedByText,
  keyIdDownloadsAuthorization,
  type AdvisoryDetail,
  type AdvisoryDraft,
  type ChromatofDownload,
  type HalLinks,
  type Pib,
} from '@portal/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useDemoPortal } from '../../../test/demo-portal';
import { chromatofAdvisory } from './test-advisories';

/**
 * An advisory affecting ChromaTOF 6.1.0, published through the API by a `security` person:
 * the key ID's lookups (the ChromaTOF downloads, the PIBs) mark that release, and the key ID's
 * private feed gets the advisory's entry (docs/security-advisories.md#where-customers-are-told).
 */
const demo = useDemoPortal({ env: { MAKER_NAME: 'Acme Instruments' } });
const DOWNLOADS = keyIdDownloadsAuthorization('DEMO-KEY-2001');
/** May download ChromaTOF Tile only. */
const TILE_KEY = 'Rainbow id=DEMO-KEY-2004';

const path = (template: string, values: Record<string, string>) =>
  template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name]!));

let advisory: AdvisoryDetail;

beforeAll(async () => {
  const security = await demo.signIn('security-chromatof@example.com', ['security']);
  const send = (url: string, payload: object) =>
    demo.portal.app.inject({
      method: 'POST',
      url,
      headers: { authorization: security },
      remoteAddress: demo.freshClient(),
      payload,
    });
  const created = await send(ADVISORY_PATHS.drafts, chromatofAdvisory());
  expect(created.statusCode).toBe(201);
  const published = await send(path(ADVISORY_PATHS.publish, { id: created.json<AdvisoryDraft>().id }), {});
  expect(published.statusCode).toBe(200);
  advisory = published.json<AdvisoryDetail>();
});

const expectedMark = () => ({
  advisoryId: advisory.advisoryId,
  title: 'Sample tables can run code in ChromaTOF',
  severity: 'HIGH',
  fixedIn: null,
  url: `/security/${advisory.advisoryId}`,
});

describe('an advisory affecting a ChromaTOF release, where the key ID looks', () => {
  it("marks every download of ChromaTOF 6.1.0 in the download lookup, and none of 6.0.2's", async () => {
    const fetchJson = async <T>(url: string) => {
      const answer = await demo.get(url, DOWNLOADS, { remoteAddress: demo.freshClient() });
      expect(answer.statusCode, url).toBe(200);
      return answer.json<T>();
    };
    const [product] = Object.values((await fetchJson<HalLinks>('/v1/chromatof/downloads'))._links);
    const links = Object.values((await fetchJson<HalLinks>(product!.href))._links);
    const downloads = await Promise.all(links.map((link) => fetchJson<ChromatofDownload>(link.href)));
    const marked = downloads.filter((download) => download.version === '6.1.0');
    const unmarked = downloads.filter((download) => download.version !== '6.1.0');
    // Its files and its SBOM alike.
    expect(marked.map((download) => download.kind).sort()).toEqual(['installer', 'manual', 'releaseNotes', 'sbom']);
    for (const download of marked) expect(download.affectedBy, download.label).toEqual([expectedMark()]);
    expect(unmarked.length).toBeGreaterThan(0);
    for (const download of unmarked) expect(download.affectedBy, download.label).toEqual([]);
    expect(affectedByText(marked[0]!.affectedBy[0]!)).toBe(
      `Affected by ${advisory.advisoryId}: Sample tables can run code in ChromaTOF (High). No fix is published yet.`,
    );
  });

  it("marks the key ID's PIB of ChromaTOF 6.1.0, and leaves the Cornerstone PIBs to their own advisory", async () => {
    const pibs = (await demo.get('/v1/ProductInformationBulletins', DEMO.KEY)).json<Pib[]>();
    const of610 = pibs.filter((pib) => pib.product === 'ChromaTOF' && pib.version === '6.1.0');
    expect(of610.length).toBeGreaterThan(0);
    for (const pib of of610) expect(pib.affectedBy).toEqual([expectedMark()]);
    for (const pib of pibs.filter((candidate) => !of610.includes(candidate))) expect(pib.affectedBy).toEqual([]);
    const cornerstone = (await demo.get('/v1/ProductInformationBulletins', DEMO.CS)).json<Pib[]>();
    expect(cornerstone.flatMap((pib) => pib.affectedBy).map((mark) => mark.advisoryId)).not.toContain(
      advisory.advisoryId,
    );
  });

  it("puts the advisory in the private feed of a key ID that may download the release, and not in another key's", async () => {
    const feedOf = async (authorization: string) => {
      const current = await demo.get('/v1/feeds/current', authorization);
      expect(current.statusCode).toBe(200);
      const answer = await demo.get(current.json<{ feed: string }>().feed);
      expect(answer.statusCode).toBe(200);
      return answer.body;
    };
    const feed = await feedOf(DEMO.KEY);
    expect(feed).toContain(
      `<title type="html"><![CDATA[Affected by ${advisory.advisoryId}: Sample tables can run code in ChromaTOF (High). No fix is published yet.]]></title>`,
    );
    expect(feed).toContain(`/security/${advisory.advisoryId}`);
    expect(feed).toContain('A crafted sample table can make ChromaTOF run code');
    // Only ChromaTOF Tile: no release this advisory names.
    expect(await feedOf(TILE_KEY)).not.toContain(advisory.advisoryId);
    // A registration ID sees Cornerstone versions only: the demo's Cornerstone advisory, not this one.
    const cornerstoneFeed = await feedOf(DEMO.CS);
    expect(cornerstoneFeed).toContain('Affected by');
    expect(cornerstoneFeed).not.toContain(advisory.advisoryId);
  });
});
