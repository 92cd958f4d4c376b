import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { usePublishFolder } from '../../../test/publish-folder';
import { ImportError } from './manifest-check';

const kit = usePublishFolder();
const { run } = kit;

const TABLES = [
  'files',
  'product_families',
  'registrations',
  'versions',
  'version_families',
  'pibs',
  'dsvs',
  'release_notes',
  'options',
  'configurations',
  'chromatof_releases',
  'chromatof_release_files',
];

/** Everything the catalogue holds, row by row, in a stable order. */
async function catalogueState() {
  const state: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const { rows } = await kit.portal.database.pool.query(`SELECT * FROM ${table}`);
    state[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return state;
}

async function storedBlobs(): Promise<string[]> {
  const root = path.join(kit.dataDir, 'files');
  const entries = await readdir(root, { recursive: true }).catch(() => [] as string[]);
  return entries.filter((entry) => /[0-9a-f]{64}$/.test(entry)).sort();
}

describe('npm run portal -- import', () => {
  it('publishes the kit.folder and says what it did; the same kit.folder twice changes nothing', async () => {
    const first = await run();
    expect(first).toMatchObject({
      files: { stored: 39, alreadyStored: 0 },
      families: { added: 5 },
      versions: { added: 6, changed: 0, unchanged: 0 },
      registrations: { added: 9 },
      pibs: { added: 8 },
      dsvs: { added: 4 },
      releaseNotes: { added: 4 },
      options: { added: 22 },
      configurations: { added: 10 },
      chromatofReleases: { added: 4 },
      chromatofFiles: { added: 9 },
      sboms: { added: 4 },
    });
    const state = await catalogueState();
    const blobs = await storedBlobs();

    const second = await run();
    expect(second).toMatchObject({
      files: { stored: 0, alreadyStored: 39 },
      families: { added: 0 },
      versions: { added: 0, changed: 0, unchanged: 6 },
      registrations: { added: 0, changed: 0, unchanged: 9 },
      pibs: { added: 0, changed: 0, unchanged: 8 },
      dsvs: { added: 0, changed: 0, unchanged: 4 },
      releaseNotes: { added: 0, changed: 0, unchanged: 4 },
      options: { added: 0, changed: 0, unchanged: 22 },
      configurations: { added: 0, changed: 0, unchanged: 10 },
      chromatofReleases: { added: 0, changed: 0, unchanged: 4 },
      chromatofFiles: { added: 0, changed: 0, unchanged: 9 },
      sboms: { added: 0, changed: 0, unchanged: 4 },
    });
    expect(await catalogueState()).toEqual(state);
    expect(await storedBlobs()).toEqual(blobs);
  });

  it('counts a change of availability as a changed version', async () => {
    await run();
    await kit.editManifest((manifest) => {
      (manifest.versions![0] as { families: string[] }).families.push('TGA');
    });
    expect((await run()).versions).toEqual({ added: 0, changed: 1, unchanged: 5 });
  });

  it("replaces a version's release notes in place, by product and version, and refuses a version's notes twice", async () => {
    await run();
    await writeFile(path.join(kit.folder, 'release-notes/Cornerstone-2.8.1-Release-Notes.txt'), 'Corrected notes\n');
    await kit.editManifest((manifest) => {
      manifest.releaseNotes!.push({
        product: 'Cornerstone',
        version: '2.7.0',
        file: { path: 'release-notes/Cornerstone-2.8.1-Release-Notes.txt', name: 'Cornerstone-2.7.0-Notes.txt' },
      });
    });
    expect((await run()).releaseNotes).toEqual({ added: 1, changed: 1, unchanged: 3 });
    const { rows } = await kit.portal.database.pool.query(
      `SELECT n.version, f.name, f.size_bytes FROM release_notes n JOIN files f ON f.id = n.file_id
       WHERE n.product = 'Cornerstone' AND n.version IN ('2.7.0', '2.8.1') ORDER BY n.version`,
    );
    expect(rows).toEqual([
      { version: '2.7.0', name: 'Cornerstone-2.7.0-Notes.txt', size_bytes: '16' },
      { version: '2.8.1', name: 'Cornerstone-2.8.1-Release-Notes.txt', size_bytes: '16' },
    ]);

    await kit.editManifest((manifest) => {
      manifest.releaseNotes!.push({ ...(manifest.releaseNotes![0] as object) });
    });
    await expect(run()).rejects.toThrow('releaseNotes: "Cornerstone 2.8.1" appears twice');
  });

  it('updates an option and a configuration in place, by code and by family, version and product', async () => {
    await run();
    await kit.editManifest((manifest) => {
      (manifest.options![0] as { description: string }).description = 'Autoloader, 30 positions';
      (manifest.configurations![0] as { falseOptions: string }).falseOptions = 'P11|0';
      manifest.configurations!.push({ product: 'CS844', friendlyFamily: 'CS', currentVersion: '2.7.0' });
    });
    const summary = await run();
    expect(summary.options).toEqual({ added: 0, changed: 1, unchanged: 21 });
    expect(summary.configurations).toEqual({ added: 1, changed: 1, unchanged: 9 });
    const { rows } = await kit.portal.database.pool.query(
      `SELECT packages, true_options FROM configurations WHERE current_version = '2.7.0' AND product = 'CS844'`,
    );
    expect(rows).toEqual([{ packages: '', true_options: '' }]);
  });

  it('refuses an option or a configuration given twice, and a list token out of its form', async () => {
    await kit.editManifest((manifest) => {
      manifest.options!.push({ code: 'LIMS', description: 'again' });
      manifest.configurations!.push({ product: 'CS844', friendlyFamily: 'CS', currentVersion: '2.10.0' });
      (manifest.configurations![1] as { trueRanges: string }).trueRanges = 'MAXWEIGHT=0.5g broken';
      (manifest.configurations![2] as { trueOptions: string }).trueOptions = '|1 BLANK|1';
    });
    const error = await run().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).problems).toEqual([
      'catalogue.json:1: options: "LIMS" appears twice',
      'catalogue.json:1: configurations: "CS 2.10.0 CS844" appears twice',
      'catalogue.json:1: configurations[1] (CS744): "broken" is not in the form of its list',
      'catalogue.json:1: configurations[2] (CS844): "|1" is not in the form of its list',
    ]);
    expect(Object.values(await catalogueState()).flat()).toEqual([]);
  });

  it('refuses a PIB or DSV whose effective date or revision is out of its form, naming the line, the entry and the field, and imports nothing', async () => {
    await kit.editManifest(
      (manifest) => {
        Object.assign(manifest.pibs![0]!, { effectiveDate: '2025-02-30', revision: 'B' });
        Object.assign(manifest.pibs![2]!, { revision: 'rev B' });
        Object.assign(manifest.dsvs![1]!, { effectiveDate: '12/06/2024', revision: '1..2' });
      },
      { indent: 2 },
    );
    const error = await run().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImportError);
    const line = (text: string) => kit.manifestLineOf(text);
    expect((error as ImportError).problems).toEqual([
      `catalogue.json:${await line('"2025-02-30"')}: pibs[0].effectiveDate: "2025-02-30" is not a date (YYYY-MM-DD)`,
      `catalogue.json:${await line('"rev B"')}: pibs[2].revision: "rev B" is not a revision (letters and digits, with . or - between them, at most 16)`,
      `catalogue.json:${await line('"1..2"')}: dsvs[1].revision: "1..2" is not a revision (letters and digits, with . or - between them, at most 16)`,
      `catalogue.json:${await line('"12/06/2024"')}: dsvs[1].effectiveDate: "12/06/2024" is not a date (YYYY-MM-DD)`,
    ]);
    // Four problems on four lines of a file as people write it.
    expect(new Set((error as ImportError).problems.map((problem) => problem.split(':')[1])).size).toBe(4);
    expect(Object.values(await catalogueState()).flat()).toEqual([]);
    expect(await storedBlobs()).toEqual([]);
  });

  it("keeps a ChromaTOF release's files to those its entry lists, and refuses a label twice in one release", async () => {
    await run();
    type Release = { files: { label: string }[] };
    await kit.editManifest((manifest) => {
      const [release] = (manifest as unknown as { chromatof: { releases: Release[] } }).chromatof.releases;
      release!.files = release!.files.filter((entry) => entry.label !== 'User Manual');
    });
    expect((await run()).chromatofFiles).toEqual({ added: 0, changed: 1, unchanged: 8 });
    const { rows } = await kit.portal.database.pool.query(
      'SELECT label FROM chromatof_release_files WHERE version = $1',
      ['6.0.2'],
    );
    expect(rows.map((row: { label: string }) => row.label).sort()).toEqual(['Installer', 'Release Notes']);

    await kit.editManifest((manifest) => {
      const [release] = (manifest as unknown as { chromatof: { releases: Release[] } }).chromatof.releases;
      release!.files.push({ ...release!.files[0]! });
    });
    await expect(run()).rejects.toThrow('chromatof release ChromaTOF 6.0.2: files: "Installer" appears twice');
  });

  it('stores registration IDs and key IDs only as keyed digests', async () => {
    await run();
    const { rows } = await kit.portal.database.pool.query('SELECT * FROM registrations');
    expect(rows).toHaveLength(9);
    expect(JSON.stringify(rows)).not.toMatch(/DEMO-[A-Z]+-\d{4}/i);
  });

  it('checks the whole manifest first and writes nothing when anything is wrong', async () => {
    await kit.editManifest((manifest) => {
      (manifest.versions![1] as { families: string[] }).families.push('Nope');
      manifest.registrations!.push({ registrationId: 'demo-cs-1001', family: 'CS' });
    });
    const error = await run().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImportError);
    const problems = (error as ImportError).problems.join('\n');
    expect(problems).toContain('family "Nope" is not in "families"');
    expect(problems).toContain('registrations: an ID appears twice');
    expect(problems).not.toContain('DEMO-CS-1001');
    expect(Object.values(await catalogueState()).flat()).toEqual([]);
    expect(await storedBlobs()).toEqual([]);
  });

  it('refuses a file path that leaves the folder', async () => {
    await kit.editManifest((manifest) => {
      (manifest.pibs![0] as { file: { path: string } }).file.path = '../outside.pdf';
    });
    await expect(run()).rejects.toThrow(/pibs\/0\/file\/path/);
    expect(Object.values(await catalogueState()).flat()).toEqual([]);
  });

  it('names a missing file and writes nothing', async () => {
    await kit.editManifest((manifest) => {
      (manifest.dsvs![0] as { file: { path: string } }).file.path = 'dsvs/missing.pdf';
    });
    await expect(run()).rejects.toThrow('dsvs/missing.pdf does not exist');
    expect(Object.values(await catalogueState()).flat()).toEqual([]);
  });

  it('refuses a manifest that is not JSON', async () => {
    await writeFile(path.join(kit.folder, 'catalogue.json'), '{ not json');
    await expect(run()).rejects.toBeInstanceOf(ImportError);
  });

  it('leaves the catalogue as it was when the database fails halfway through the writes', async () => {
    await run();
    const before = await catalogueState();
    const blobsBefore = await storedBlobs();
    // A new version, a new file and a new DSV; the DSV insert, the last write, fails.
    await writeFile(path.join(kit.folder, 'new.pdf'), '%PDF-1.4 new document');
    await kit.editManifest((manifest) => {
      manifest.versions!.push({ name: '3.0.0', families: ['CS'] });
      manifest.dsvs!.push({ key: 'CS-DSV-300', version: '3.0.0', file: { path: 'new.pdf' } });
    });
    await kit.portal.database.pool.query(`
      CREATE FUNCTION fail_halfway() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'disk full (simulated)'; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER fail_halfway BEFORE INSERT ON dsvs FOR EACH ROW
        WHEN (NEW.key = 'CS-DSV-300') EXECUTE FUNCTION fail_halfway();`);

    await expect(run()).rejects.toThrow('disk full (simulated)');
    expect(await catalogueState()).toEqual(before);
    expect(await storedBlobs()).toEqual(blobsBefore);
  });
});
