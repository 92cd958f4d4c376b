import { readFile, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { usePublishFolder } from '../../../test/publish-folder';
import { ImportError } from '../../plugins/catalogue/section-kit';

const kit = usePublishFolder();
const SBOM_2_10 = 'sboms/cornerstone-2.10.0.cdx.json';

async function components(releaseKey: string) {
  const { rows } = await kit.portal.database.pool.query<{ name: string; version: string; purl: string }>(
    'SELECT name, version, purl FROM sbom_components WHERE release_key = $1 ORDER BY position',
    [releaseKey],
  );
  return rows;
}

/** The import's refusal: every problem, or a failure of the test when it published. */
async function refusal(): Promise<string[]> {
  const error = await kit.run().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImportError);
  return (error as ImportError).problems;
}

const cyclonedx = (fields: Record<string, unknown>) =>
  JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.6', version: 1, ...fields }, null, 2);

describe('an SBOM published with a release', () => {
  it('publishes the demo SBOMs as files and indexes their components', async () => {
    const summary = await kit.run();
    expect(summary.sboms).toEqual({ added: 4, changed: 0, unchanged: 0 });
    expect(await components('cornerstone:2.10.0')).toEqual([
      { name: 'openssl', version: '3.0.13', purl: 'pkg:generic/openssl@3.0.13' },
      { name: 'qtbase', version: '6.5.3', purl: 'pkg:generic/qt/qtbase@6.5.3' },
      { name: 'sqlite', version: '3.45.1', purl: 'pkg:generic/sqlite@3.45.1' },
      { name: 'zlib', version: '1.3.1', purl: 'pkg:generic/zlib@1.3.1' },
    ]);
    expect((await components('chromatof:ChromaTOF:6.1.0')).map((row) => row.name)).toEqual([
      'openssl',
      'boost',
      'hdf5',
      'zlib',
    ]);
    const { rows } = await kit.portal.database.pool.query(
      `SELECT f.content_type, f.size_bytes FROM release_sboms s JOIN files f ON f.id = s.file_id WHERE s.release_key = 'cornerstone:2.8.1'`,
    );
    const bytes = await readFile(path.join(kit.folder, 'sboms/cornerstone-2.8.1.cdx.json'));
    expect(rows).toEqual([{ content_type: 'application/vnd.cyclonedx+json', size_bytes: String(bytes.length) }]);

    // The same folder again changes nothing.
    expect((await kit.run()).sboms).toEqual({ added: 0, changed: 0, unchanged: 4 });
  });

  it("replaces a release's components when its SBOM changes", async () => {
    await kit.run();
    await writeFile(
      path.join(kit.folder, SBOM_2_10),
      cyclonedx({
        components: [{ type: 'library', name: 'OpenSSL', version: '3.0.14', purl: 'pkg:generic/openssl@3.0.14' }],
      }),
    );
    expect((await kit.run()).sboms).toEqual({ added: 0, changed: 1, unchanged: 3 });
    expect(await components('cornerstone:2.10.0')).toEqual([
      { name: 'OpenSSL', version: '3.0.14', purl: 'pkg:generic/openssl@3.0.14' },
    ]);
    expect(await components('cornerstone:2.8.1')).toHaveLength(4);
  });

  const BAD: [string, () => Promise<void>, RegExp][] = [
    ['not JSON', () => writeFile(path.join(kit.folder, SBOM_2_10), '{"bomFormat": "CycloneDX",'), /is not JSON/],
    [
      'JSON that is not CycloneDX',
      () => writeFile(path.join(kit.folder, SBOM_2_10), JSON.stringify({ spdxVersion: 'SPDX-2.3' })),
      /is not a CycloneDX document: its "bomFormat" is not "CycloneDX"/,
    ],
    [
      'a CycloneDX document the validator refuses',
      () =>
        writeFile(
          path.join(kit.folder, SBOM_2_10),
          cyclonedx({ components: [{ type: 'spaceship', name: 'zlib', version: '1.3.1' }] }),
        ),
      /is refused by the CycloneDX 1\.6 schema: line 7: \/components\/0\/type must be equal to one of the allowed values/,
    ],
    [
      'a spec version outside 1.4-1.6',
      () => writeFile(path.join(kit.folder, SBOM_2_10), cyclonedx({ specVersion: '1.3', components: [] })),
      /is CycloneDX 1\.3: an SBOM is CycloneDX 1\.4 to 1\.6/,
    ],
    [
      '100 MB',
      () => truncate(path.join(kit.folder, SBOM_2_10), 100_000_000),
      /is 95\.4 MiB: an SBOM is at most 64 MiB/,
    ],
    [
      '100,000-deep nesting',
      () =>
        writeFile(
          path.join(kit.folder, SBOM_2_10),
          `{"bomFormat": "CycloneDX", "specVersion": "1.6", "components": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
        ),
      /line 1: nests arrays or objects deeper than 100 levels/,
    ],
    [
      'a component without a name',
      () =>
        writeFile(path.join(kit.folder, SBOM_2_10), cyclonedx({ components: [{ type: 'library', version: '1.3.1' }] })),
      /\/components\/0 must have required property 'name'/,
    ],
    [
      'a component whose name is blank',
      () => writeFile(path.join(kit.folder, SBOM_2_10), cyclonedx({ components: [{ type: 'library', name: '  ' }] })),
      /line 6: the component at \/components\/0 has no name/,
    ],
  ];

  it.each(BAD)('refuses %s, naming the entry and its line, and publishes nothing', async (_, spoil, message) => {
    await kit.run();
    const before = await components('cornerstone:2.10.0');
    const { rows: changes } = await kit.portal.database.pool.query('SELECT count(*)::int AS n FROM catalogue_changes');
    await spoil();
    const line = await kit.manifestLineOf(SBOM_2_10);
    const problems = await refusal();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^catalogue\\.json:${line}: versions\\[4\\]\\.sbom: ${SBOM_2_10} `));
    expect(problems[0]).toMatch(message);
    expect(await components('cornerstone:2.10.0')).toEqual(before);
    const { rows: after } = await kit.portal.database.pool.query('SELECT count(*)::int AS n FROM catalogue_changes');
    expect(after).toEqual(changes);
  });
});
