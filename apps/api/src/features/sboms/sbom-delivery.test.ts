import {
  CHROMATOF_PATHS,
  FIRMWARE_PATHS,
  type ChromatofDownload,
  type FirmwareReleases,
  type HalLinks,
  type Versions,
} from '@portal/contracts';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAtom, text } from '../../../test/atom';
import { DEMO, useDemoPortal } from '../../../test/demo-portal';
import { DEMO_CATALOGUE_DIR } from '../../paths';

const demo = useDemoPortal();
const { get } = demo;

const demoSbom = (name: string) => readFile(path.join(DEMO_CATALOGUE_DIR, 'sboms', name));

describe("a release's SBOM, offered to its customers beside the installer", () => {
  it('is in the offline installer lookup with its format, component count, size and SHA-256, behind the installer’s grant', async () => {
    const versions = (await get('/v1/Cornerstone/versions', DEMO.CS)).json<Versions>();
    const bytes = await demoSbom('cornerstone-2.10.0.cdx.json');
    const sbom = versions['2.10.0']!.sbom!;
    expect(sbom).toMatchObject({
      format: 'CycloneDX 1.6',
      componentCount: 4,
      file: {
        fileName: 'cornerstone-2.10.0.cdx.json',
        contentType: 'application/vnd.cyclonedx+json',
        sizeBytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      },
    });
    // The same grant as the installer's link: the registration's.
    const grantOf = (link: string) => new URL(link, 'http://portal').searchParams.get('grant');
    expect(grantOf(sbom.uri)).toBe(grantOf(versions['2.10.0']!.offlineInstaller!));
    expect(versions['2.8.1']!.sbom).toMatchObject({ componentCount: 4 });
    expect(versions['2.7.0']!.sbom).toBeNull();

    const whole = await get(sbom.uri);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const ranged = await get(sbom.uri, undefined, { headers: { range: 'bytes=0-19' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(bytes.subarray(0, 20))).toBe(true);
    // A link signed for another grant is not this one's.
    const forged = sbom.uri.replace(/grant=[^&]+/, 'grant=staff');
    expect((await get(forged)).statusCode).toBe(404);
  });

  it('is one more download of a ChromaTOF release, for the key ID that may download it', async () => {
    const authorization = 'Rainbow DEMO-KEY-2001';
    const product = (await get(`${CHROMATOF_PATHS.downloads}/ChromaTOF`, authorization)).json<HalLinks>();
    const title = 'ChromaTOF 6.1.0 Software bill of materials (CycloneDX 1.6, 4 components)';
    expect(Object.keys(product._links)).toContain(title);
    expect(Object.keys(product._links).filter((name) => name.includes('bill of materials'))).toEqual([title]);
    const download = (await get(product._links[title]!.href, authorization)).json<ChromatofDownload>();
    expect(download).toMatchObject({
      label: title,
      kind: 'sbom',
      sbom: { format: 'CycloneDX 1.6', componentCount: 4 },
      fileName: 'chromatof-6.1.0.cdx.json',
    });
    const bytes = await demoSbom('chromatof-6.1.0.cdx.json');
    expect((await get(download.uri)).rawPayload.equals(bytes)).toBe(true);
  });

  it('is on the firmware pages with its release, public like its update.zip', async () => {
    const { releases } = (await demo.get(FIRMWARE_PATHS.releases)).json<FirmwareReleases>();
    const bytes = await demoSbom('px-firmware-002.002.010.cdx.json');
    const px = releases.find((release) => release.version === '002.002.010')!;
    expect(px.sbom).toEqual({
      uri: '/firmware/002.002.010/sbom.cdx.json',
      format: 'CycloneDX 1.6',
      componentCount: 4,
      file: expect.objectContaining({
        fileName: 'px-firmware-002.002.010.cdx.json',
        contentType: 'application/vnd.cyclonedx+json',
        sizeBytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      }),
    });
    expect(releases.filter((release) => release.sbom !== null).map((release) => release.version)).toEqual([
      '002.002.010',
    ]);

    // No credential: the firmware pages are public.
    const whole = await get(px.sbom!.uri);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toMatch(/^application\/vnd\.cyclonedx\+json/);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const ranged = await get(px.sbom!.uri, undefined, { headers: { range: 'bytes=10-29' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(bytes.subarray(10, 30))).toBe(true);
    const again = await get(px.sbom!.uri, undefined, { headers: { 'if-none-match': String(whole.headers.etag) } });
    expect(again.statusCode).toBe(304);

    // A release without one, and a version never published, answer 404 with a message.
    for (const uri of ['/firmware/002.001.007/sbom.cdx.json', '/firmware/009.009.009/sbom.cdx.json']) {
      const none = await get(uri);
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({
        message: 'There is no software bill of materials for firmware of that version.',
        code: 'firmware-not-found',
      });
    }
    expect((await get('/firmware/..%2Fx/sbom.cdx.json')).statusCode).toBe(400);
  });

  it("is listed with its release in the customer's private feed", async () => {
    for (const [authorization, title] of [
      [DEMO.CS, 'Cornerstone 2.10.0 software bill of materials (CycloneDX 1.6, 4 components)'],
      [DEMO.KEY, 'ChromaTOF 6.1.0 software bill of materials (CycloneDX 1.6, 4 components)'],
    ] as const) {
      const { feed } = (await get('/v1/feeds/current', authorization)).json<{ feed: string }>();
      const titles = (parseAtom((await get(feed)).body).entry ?? []).map((entry) => text(entry.title));
      expect(titles).toContain(title);
    }
  });
});
