// The component search at scale (issue 35, docs/sbom.md#speed): 1,000 published releases with
// 500 components each in their SBOMs (500,000 rows of the index), then the staff's search,
// GET /v1/components, by name prefix and by package URL with a VERS range, 200 asks each;
// then the publish of one more release with its SBOM (500 components) through a draft, and an
// SBOM of 50,000 components (about 20 MB) checked and published through a draft while the
// portal's resident memory is sampled. Prints a table of each target with PASS or FAIL.
//
// How the 1,000 releases are made, and why it is fair: the releases themselves are published
// through the product's own door (one draft of 1,000 Cornerstone versions, previewed and
// published as a publisher does); their SBOMs' index rows are written in one SQL statement
// (INSERT ... SELECT over generate_series) with exactly the columns and lower-case keys the
// publish writes (features/sboms/section.ts, replaceComponents), each release's SBOM row naming
// one stored SBOM file. The search reads only those rows and the catalogue snapshot, so it sees
// what 1,000 publishes would have left; publishing 1,000 SBOMs through the CycloneDX validator
// would take minutes and measure the validator, which the last target measures on its own. The
// table is ANALYZEd after the insert, as autovacuum would after a change of that size.
//
// BENCH_RELEASES, BENCH_COMPONENTS, BENCH_BIG_COMPONENTS and BENCH_ASKS change the sizes (a
// quick run: BENCH_RELEASES=100 BENCH_BIG_COMPONENTS=5000 BENCH_ASKS=50).
import { createHash } from 'node:crypto';
import { COMPONENTS_PATHS, PUBLISHED_FILES_MAX_LIMIT, PUBLISHING_PATHS, UPLOAD_CHUNK_BYTES } from '@portal/contracts';
import { Upload } from 'tus-js-client';

import { residentMiB } from './lib/machine.ts';
import { startPortalWithStaff } from './lib/publisher-portal.mjs';

const RELEASES = Number(process.env.BENCH_RELEASES ?? 1_000);
const COMPONENTS = Number(process.env.BENCH_COMPONENTS ?? 500);
const BIG_COMPONENTS = Number(process.env.BENCH_BIG_COMPONENTS ?? 50_000);
const ASKS = Number(process.env.BENCH_ASKS ?? 200);
/** Library names the generated components are drawn from: each name is in about a quarter of the releases. */
const NAME_POOL = 2_000;
const TARGETS = { searchP99Ms: 50, publishMs: 1_000, bigPublishMs: 10_000, bigGrowthMiB: 200 };
const FAMILY = 'Dev';

/** The generated release `n`'s version name: far above the demo's, so no name is taken. */
const versionName = (n) => `9.${Math.floor(n / 1_000)}.${n % 1_000}`;

/** A CycloneDX 1.6 document of `count` library components, OpenSSL first, as a build tool writes one. */
function cyclonedx(name, count) {
  const components = Array.from({ length: count }, (_, index) => {
    const [library, version] =
      index === 0 ? ['openssl', '3.0.13'] : [`lib-${String(index).padStart(5, '0')}`, `1.${index % 17}.${index % 5}`];
    const purl = `pkg:generic/${library}@${version}`;
    return {
      type: 'library',
      'bom-ref': purl,
      supplier: { name: `Supplier of ${library}` },
      name: library,
      version,
      description: `The ${library} library, linked statically into the instrument software's services`,
      licenses: [{ license: { id: 'MIT' } }],
      purl,
    };
  });
  return Buffer.from(
    JSON.stringify(
      {
        $schema: 'http://cyclonedx.org/schema/bom-1.6.schema.json',
        bomFormat: 'CycloneDX',
        specVersion: '1.6',
        version: 1,
        metadata: { component: { type: 'application', name, version: '1' } },
        components,
      },
      null,
      2,
    ),
  );
}

const { portal, api, headers, database } = await startPortalWithStaff({ roles: ['publisher'] });
const rows = [];
const row = (target, measured, goal, pass) => rows.push({ target, measured, goal, result: pass ? 'PASS' : 'FAIL' });
try {
  const draftPath = (path, draft) => path.replace(':draftId', draft.id);
  /** Creates a draft, uploads `files` into it, and answers it with how long its preview and publish took. */
  const publishDraft = async (manifest, files = [], beforePublish = () => {}) => {
    const { draft } = await api('POST', PUBLISHING_PATHS.drafts, manifest);
    for (const { bytes, sha256, filename } of files) {
      await new Promise((resolve, reject) =>
        new Upload(bytes, {
          endpoint: new URL(PUBLISHING_PATHS.uploads, portal.url).href,
          headers,
          chunkSize: UPLOAD_CHUNK_BYTES,
          retryDelays: [],
          metadata: { draftId: draft.id, sha256, filename },
          onSuccess: resolve,
          onError: reject,
        }).start(),
      );
    }
    beforePublish();
    const started = performance.now();
    const preview = await api('POST', draftPath(PUBLISHING_PATHS.preview, draft), {});
    const previewed = performance.now();
    if (preview.problems?.length) throw new Error(`the draft has problems: ${JSON.stringify(preview.problems)}`);
    await api('POST', draftPath(PUBLISHING_PATHS.publication, draft), { catalogueVersion: preview.catalogueVersion });
    const published = performance.now();
    return { previewMs: previewed - started, publishMs: published - previewed };
  };
  const versionsManifest = (versions) => ({ families: [FAMILY], versions, registrations: [], pibs: [], dsvs: [] });

  // The index rows of RELEASES SBOMs, then the releases themselves through a draft.
  const generating = performance.now();
  const { files } = await api('GET', `${PUBLISHING_PATHS.files}?limit=${PUBLISHED_FILES_MAX_LIMIT}`);
  const storedSbom = files.find((file) => file.uses.some((use) => use.section === 'sboms'));
  if (!storedSbom) throw new Error('the demo catalogue has no SBOM file to name');
  const db = await database();
  try {
    await db.query('BEGIN');
    await db.query(
      `INSERT INTO release_sboms (release_key, file_id, spec_version, component_count)
       SELECT 'cornerstone:9.' || (r / 1000) || '.' || (r % 1000), $1, '1.6', $2 FROM generate_series(0, $3 - 1) AS r`,
      [storedSbom.id, COMPONENTS, RELEASES],
    );
    // Component 0 of each release is OpenSSL at one of 50 versions; the others are drawn from
    // NAME_POOL libraries at versions that vary by release, with their package URLs.
    await db.query(
      `INSERT INTO sbom_components (release_key, position, name, name_key, version, purl, purl_key)
       SELECT 'cornerstone:9.' || (r / 1000) || '.' || (r % 1000), c, g.name, lower(g.name), g.version,
              'pkg:generic/' || lower(g.name) || '@' || g.version, 'pkg:generic/' || lower(g.name) || '@' || g.version
       FROM generate_series(0, $1 - 1) AS r, generate_series(0, $2 - 1) AS c,
       LATERAL (SELECT CASE WHEN c = 0 THEN 'openssl' ELSE 'lib-' || lpad(((r * 7 + c * 13) % $3)::text, 5, '0') END AS name,
                       CASE WHEN c = 0 THEN (1 + r % 3) || '.' || (r % 10) || '.' || (r % 50)
                            ELSE (r % 4) || '.' || (c % 20) || '.' || (r % 9) END AS version) AS g`,
      [RELEASES, COMPONENTS, NAME_POOL],
    );
    await db.query('COMMIT');
    await db.query('ANALYZE sbom_components');
    await db.query('ANALYZE release_sboms');
  } finally {
    await db.end();
  }
  await publishDraft(
    versionsManifest(
      Array.from({ length: RELEASES }, (_, n) => ({
        name: versionName(n),
        families: [FAMILY],
        releaseDate: '2026-01-01',
      })),
    ),
  );
  console.log(
    `generated ${RELEASES} published releases with ${COMPONENTS} SBOM components each (${(RELEASES * COMPONENTS).toLocaleString('en-US')} index rows) in ${Math.round(performance.now() - generating)} ms`,
  );

  const timed = async (query) => {
    const start = performance.now();
    const answer = await api('GET', `${COMPONENTS_PATHS.search}?${new URLSearchParams(query)}`);
    return { ms: performance.now() - start, answer };
  };
  const p99Of = async (label, queryOf) => {
    for (let ask = 0; ask < 5; ask++) await timed(queryOf(ask));
    const times = [];
    let matches = 0;
    for (let ask = 0; ask < ASKS; ask++) {
      const { ms, answer } = await timed(queryOf(ask));
      times.push(ms);
      matches += answer.matches.length;
    }
    times.sort((a, b) => a - b);
    const at = (share) => times[Math.min(times.length - 1, Math.ceil(share * times.length) - 1)];
    console.log(
      `${label}: p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${times.at(-1).toFixed(1)} ms (${ASKS} asks, ${(matches / ASKS).toFixed(0)} matches an ask)`,
    );
    return at(0.99);
  };
  const { answer: check } = await timed({ q: 'openssl' });
  if (check.matches.length < Math.min(RELEASES, 500))
    throw new Error(`"openssl" found ${check.matches.length} releases`);
  // Prefixes that match one library (lib-01234), ten (lib-0123) and a hundred (lib-012), and OpenSSL.
  const namePrefix = (ask) =>
    ask % 4 === 3
      ? 'OpenSSL'
      : `lib-${String((ask * 37) % NAME_POOL)
          .padStart(5, '0')
          .slice(0, 5 - (ask % 3))}`;
  const byName = await p99Of('search by name prefix', (ask) => ({ q: namePrefix(ask) }));
  row(
    'search by name prefix, p99',
    `${byName.toFixed(1)} ms`,
    `≤ ${TARGETS.searchP99Ms} ms`,
    byName <= TARGETS.searchP99Ms,
  );
  const ranges = [
    'vers:generic/>=1.1.1|<3.0.0',
    'vers:generic/>=3.0.0|<3.0.20',
    'vers:generic/<2.5',
    'vers:generic/!=1.2.3',
  ];
  const byPurl = await p99Of('search by package URL with a version range', (ask) => ({
    q: ask % 2 === 0 ? 'pkg:generic/openssl' : `pkg:generic/lib-${String((ask * 53) % NAME_POOL).padStart(5, '0')}`,
    version: ranges[ask % ranges.length],
  }));
  row(
    'search by package URL and version range, p99',
    `${byPurl.toFixed(1)} ms`,
    `≤ ${TARGETS.searchP99Ms} ms`,
    byPurl <= TARGETS.searchP99Ms,
  );

  // One more release with its SBOM, through a draft as a publisher would.
  const sbom = (name, count) => {
    const bytes = cyclonedx(name, count);
    return { bytes, sha256: createHash('sha256').update(bytes).digest('hex'), filename: `${name}.cdx.json` };
  };
  const releaseWithSbom = (name, file) =>
    versionsManifest([
      {
        name,
        families: [FAMILY],
        releaseDate: '2026-02-01',
        sbom: { path: file.sha256, name: file.filename },
      },
    ]);
  const one = sbom('cornerstone-10.0.0', COMPONENTS);
  const oneMore = await publishDraft(releaseWithSbom('10.0.0', one), [one]);
  console.log(
    `one more release with its SBOM (${COMPONENTS} components, ${(one.bytes.length / 1e3).toFixed(0)} kB): preview ${oneMore.previewMs.toFixed(0)} ms, publish ${oneMore.publishMs.toFixed(0)} ms`,
  );
  row(
    `publish of one more release with its SBOM (${COMPONENTS} components)`,
    `${oneMore.publishMs.toFixed(0)} ms`,
    `≤ ${TARGETS.publishMs} ms`,
    oneMore.publishMs <= TARGETS.publishMs,
  );
  const found = await timed({ q: 'pkg:generic/openssl@3.0.13' });
  if (!found.answer.matches.some((match) => match.release.label === 'Cornerstone 10.0.0'))
    throw new Error('the release published last is not found by its OpenSSL');

  // A large SBOM: checked (the preview) and published, the portal's memory sampled meanwhile.
  const big = sbom('cornerstone-10.1.0', BIG_COMPONENTS);
  let baseline;
  let peak = 0;
  let sampler;
  const bigRelease = await publishDraft(releaseWithSbom('10.1.0', big), [big], () => {
    baseline = residentMiB(portal.pid);
    peak = baseline;
    sampler = setInterval(() => (peak = Math.max(peak, residentMiB(portal.pid))), 20);
  });
  clearInterval(sampler);
  peak = Math.max(peak, residentMiB(portal.pid));
  const bigMs = bigRelease.previewMs + bigRelease.publishMs;
  const growth = peak - baseline;
  console.log(
    `SBOM of ${BIG_COMPONENTS.toLocaleString('en-US')} components (${(big.bytes.length / 1e6).toFixed(1)} MB): preview (the check) ${bigRelease.previewMs.toFixed(0)} ms, publish ${bigRelease.publishMs.toFixed(0)} ms; portal RSS ${baseline} MiB before, peak ${peak} MiB`,
  );
  row(
    `SBOM of ${BIG_COMPONENTS.toLocaleString('en-US')} components checked and published`,
    `${(bigMs / 1e3).toFixed(2)} s`,
    `≤ ${TARGETS.bigPublishMs / 1e3} s`,
    bigMs <= TARGETS.bigPublishMs,
  );
  row(
    '… the portal’s RSS growth meanwhile',
    `${growth.toFixed(1)} MiB`,
    `≤ ${TARGETS.bigGrowthMiB} MiB`,
    growth <= TARGETS.bigGrowthMiB,
  );
  const bigFound = await timed({ q: 'lib-49999' });
  if (
    BIG_COMPONENTS >= 50_000 &&
    !bigFound.answer.matches.some((match) => match.release.label === 'Cornerstone 10.1.0')
  )
    throw new Error('the large SBOM’s last component is not found');
} catch (error) {
  console.error(error);
  row('the bench ran to its end', String(error.message ?? error).slice(0, 80), 'no error', false);
} finally {
  await portal.close();
}
console.log();
console.table(rows);
process.exit(rows.every((one) => one.result === 'PASS') ? 0 : 1);
