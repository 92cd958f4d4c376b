import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ADVISORY_PAGES, ADVISORY_PATHS, affectedByText, CSAF_PATHS, type Versions } from '@portal/contracts';
import * as mandatory from '@secvisogram/csaf-validator-lib/mandatoryTests.js';
import { csaf_2_0_strict } from '@secvisogram/csaf-validator-lib/schemaTests.js';
import validate from '@secvisogram/csaf-validator-lib/validate.js';
import { afterAll, describe, expect, it } from 'vitest';
import { locateProgram } from '../../../../../scripts/system-packages.mjs';
import { DEMO, useDemoPortal } from '../../../test/demo-portal';

const PUBLIC_URL = 'https://portal.example.com';
const demo = useDemoPortal({ env: { PUBLIC_URL, MAKER_NAME: 'Acme Instruments' } });
const run = promisify(execFile);

/** The path on the portal of one of its absolute URLs. */
const local = (url: string) => {
  expect(url.startsWith(`${PUBLIC_URL}/`), url).toBe(true);
  return url.slice(PUBLIC_URL.length);
};

/** GET that must answer 200 at once: CSAF 2.0 §7.1.6 forbids redirects. */
async function fetchOk(url: string) {
  const answer = await demo.get(local(url));
  expect(answer.statusCode, `${url}: ${answer.body.slice(0, 200)}`).toBe(200);
  return answer;
}

let gnupgHome: string | undefined;
afterAll(async () => {
  if (gnupgHome) await rm(gnupgHome, { recursive: true, force: true });
});

describe('the CSAF trusted provider, as a customer tool reads it', () => {
  it('serves security.txt pointing at the provider metadata, the policy and the contact', async () => {
    const answer = await demo.get(CSAF_PATHS.securityTxt);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    const fields = Object.fromEntries(
      answer.body
        .trim()
        .split('\n')
        .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
    );
    expect(fields).toMatchObject({
      Contact: 'mailto:security@portal.example.com',
      CSAF: `${PUBLIC_URL}${CSAF_PATHS.providerMetadata}`,
      Policy: `${PUBLIC_URL}${ADVISORY_PAGES.policy}`,
      Canonical: `${PUBLIC_URL}${CSAF_PATHS.securityTxt}`,
      'Preferred-Languages': 'en',
    });
    const expires = Date.parse(fields.Expires!);
    expect(expires).toBeGreaterThan(Date.now() + 300 * 86_400_000);
    expect(expires).toBeLessThan(Date.now() + 366 * 86_400_000);
  });

  it('passes every document through the reference validator and verifies its digests and signature with gpg', async () => {
    const metadataAnswer = await fetchOk(`${PUBLIC_URL}${CSAF_PATHS.providerMetadata}`);
    const metadata = metadataAnswer.json<{
      role: string;
      canonical_url: string;
      public_openpgp_keys: Array<{ fingerprint: string; url: string }>;
      distributions: Array<{ directory_url: string; rolie: { feeds: Array<{ url: string; tlp_label: string }> } }>;
      publisher: { name: string; namespace: string };
    }>();
    expect(metadata.role).toBe('csaf_trusted_provider');
    expect(metadata.publisher).toMatchObject({ name: 'Acme Instruments', namespace: PUBLIC_URL });
    expect(metadata.canonical_url).toBe(`${PUBLIC_URL}${CSAF_PATHS.providerMetadata}`);
    const etag = metadataAnswer.headers.etag!;
    expect(
      (await demo.get(CSAF_PATHS.providerMetadata, undefined, { headers: { 'if-none-match': etag } })).statusCode,
    ).toBe(304);

    // The public key, imported into a keyring of this test's own.
    const [key] = metadata.public_openpgp_keys;
    const keyText = (await fetchOk(key!.url)).body;
    gnupgHome = await mkdtemp(path.join(os.tmpdir(), 'csaf-gpg-'));
    const gpg = (args: string[]) =>
      run(locateProgram('gnupg'), ['--homedir', gnupgHome!, '--batch', '--no-tty', ...args], { encoding: 'utf8' });
    await writeFile(path.join(gnupgHome, 'key.asc'), keyText);
    await gpg(['--import', path.join(gnupgHome, 'key.asc')]);
    const { stdout: listed } = await gpg(['--with-colons', '--fingerprint', '--list-keys']);
    expect(listed).toContain(`fpr:::::::::${key!.fingerprint}:`);

    const [distribution] = metadata.distributions;
    const [feedLink] = distribution!.rolie.feeds;
    expect(feedLink!.tlp_label).toBe('WHITE');
    const feed = (await fetchOk(feedLink!.url)).json<{
      feed: { entry: Array<{ id: string; link: Array<{ rel: string; href: string }> }> };
    }>();
    const index = (await fetchOk(`${distribution!.directory_url}index.txt`)).body.trim().split('\n');
    const changes = (await fetchOk(`${distribution!.directory_url}changes.csv`)).body.trim().split('\n');
    expect(feed.feed.entry.length).toBeGreaterThanOrEqual(2);
    expect(index).toHaveLength(feed.feed.entry.length);
    expect(changes).toHaveLength(feed.feed.entry.length);
    const categories = new Set<string>();

    for (const entry of feed.feed.entry) {
      const href = (rel: string) => entry.link.filter((link) => link.rel === rel).map((link) => link.href);
      const [documentUrl] = href('self');
      const answer = await fetchOk(documentUrl!);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      const document = answer.json<{ document: { tracking: { id: string }; category: string } }>();
      categories.add(document.document.category);

      // CSAF 2.0 §5.1: the file name is the tracking ID's; §7.1.11: in the folder of its year.
      const relative = documentUrl!.slice(distribution!.directory_url.length);
      expect(relative).toMatch(/^\d{4}\/[+\-a-z0-9_]+\.json$/);
      expect(relative.split('/')[1]).toBe(
        `${document.document.tracking.id.toLowerCase().replace(/[^+\-a-z0-9]+/g, '_')}.json`,
      );
      expect(index).toContain(relative);
      expect(changes.some((line) => line.startsWith(`"${relative}",`))).toBe(true);

      const result = await validate([csaf_2_0_strict, ...Object.values(mandatory)], document);
      const failures = result.tests.flatMap((test) =>
        test.errors.map((error) => `${test.name} ${error.instancePath} ${error.message}`),
      );
      expect(failures, entry.id).toEqual([]);

      const bytes = answer.rawPayload;
      const name = relative.split('/')[1];
      const [sha256Url, sha512Url] = href('hash');
      expect((await fetchOk(sha256Url!)).body).toBe(`${createHash('sha256').update(bytes).digest('hex')}  ${name}\n`);
      expect((await fetchOk(sha512Url!)).body).toBe(`${createHash('sha512').update(bytes).digest('hex')}  ${name}\n`);

      const [signatureUrl] = href('signature');
      const signature = (await fetchOk(signatureUrl!)).body;
      const documentFile = path.join(gnupgHome, name!);
      await writeFile(documentFile, bytes);
      await writeFile(`${documentFile}.asc`, signature);
      const { stderr } = await gpg(['--status-fd', '2', '--verify', `${documentFile}.asc`, documentFile]);
      expect(stderr).toContain(`[GNUPG:] VALIDSIG ${key!.fingerprint}`);
      // A changed byte is caught.
      await writeFile(documentFile, Buffer.concat([bytes, Buffer.from(' ')]));
      await expect(gpg(['--verify', `${documentFile}.asc`, documentFile])).rejects.toThrow();
    }
    expect(categories).toEqual(new Set(['csaf_security_advisory', 'csaf_vex']));

    // The ROLIE service and category documents, and the directory listings (§7.1.14-17).
    await fetchOk(`${PUBLIC_URL}${CSAF_PATHS.service}`);
    const category = (await fetchOk(`${PUBLIC_URL}${CSAF_PATHS.category}`)).json<{
      categories: { category: Array<{ term: string }> };
    }>();
    expect(category.categories.category.map((c) => c.term)).toEqual(['ChromaTOF', 'Cornerstone']);
    const listing = await fetchOk(distribution!.directory_url);
    expect(listing.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(listing.body).toContain('index.txt');
    const year = index[0]!.split('/')[0]!;
    expect((await fetchOk(`${distribution!.directory_url}${year}/`)).body).toContain(index[0]!.split('/')[1]);
  });

  it('answers a missing document 404 with a message, never a redirect or 5xx', async () => {
    for (const missing of [
      `${CSAF_PATHS.directory}2026/nothing.json`,
      `${CSAF_PATHS.directory}2026/nothing.json.asc`,
      `${CSAF_PATHS.directory}1999/`,
      `${CSAF_PATHS.directory}20x6/a.json`,
      '/.well-known/csaf/openpgp/0000.asc',
      `${CSAF_PATHS.directory}2026/${'a'.repeat(300)}.json`,
    ]) {
      const answer = await demo.get(missing);
      expect([400, 404], missing).toContain(answer.statusCode);
      expect(answer.json(), missing).toHaveProperty('message');
    }
  });

  it("marks the demo advisory's affected version in the offline installer lookup, and no other", async () => {
    const versions = (await demo.get('/v1/Cornerstone/versions', DEMO.CS)).json<Versions>();
    const [mark] = versions['2.8.1']!.affectedBy!;
    expect(affectedByText(mark!)).toMatch(
      /^Affected by ACME-SA-\d{4}-\d{4}: Crafted method files can run code in Cornerstone \(High\)\. Fixed in 2\.10\.0\.$/,
    );
    expect(mark!.url).toBe(`/security/${mark!.advisoryId}`);
    expect(versions['2.10.0']!.affectedBy).toEqual([]);
  });

  it('puts the advisory in the private feed of a registration that sees an affected version, and only there', async () => {
    const feedOf = async (authorization: string) => {
      const { feed } = (await demo.get('/v1/feeds/current', authorization)).json<{ feed: string }>();
      return (await demo.get(feed)).body;
    };
    expect(await feedOf(DEMO.CS)).toMatch(
      /<title type="html"><!\[CDATA\[Affected by ACME-SA-\d{4}-\d{4}: Crafted method files can run code in Cornerstone \(High\)\. Fixed in 2\.10\.0\.\]\]><\/title>/,
    );
    // The ChromaTOF key sees no Cornerstone version: the not-affected statement is no entry either.
    expect(await feedOf(DEMO.KEY)).not.toContain('Affected by');
  });

  it('lists the demo advisory publicly and in the Atom feed', async () => {
    const list = (await demo.get(ADVISORY_PATHS.advisories)).json<{
      advisories: Array<{ title: string; cves: string[] }>;
    }>();
    expect(list.advisories.map((item) => item.cves)).toContainEqual(['CVE-2026-12345']);
    const atom = await demo.get(ADVISORY_PATHS.feed);
    expect(atom.statusCode).toBe(200);
    expect(atom.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(atom.body).toContain('Crafted method files can run code in Cornerstone');
  });
});
