// npm run test:cluster (scripts/test-cluster.mjs): two portals behind nginx on Debian's
// PostgreSQL and redis-server, each started on free ports in a temporary folder. Node's test
// runner, in order: each case builds on the cluster the one before left (docs/deployment.md).
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPO_ROOT } from '../../test-kit/portal-process';
import { signInThroughOutbox } from '../../test-kit/staff-session';
import { Cluster, NGINX_CONFIG } from './cluster';

const CS = 'Hasp id=DEMO-CS-1001';
const DEMO_CATALOGUE = path.join(REPO_ROOT, 'apps/api/demo-catalogue');

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  json<T = unknown>(): T;
}

/** One HTTP request; `from` is the client's own loopback address (127.0.0.2, …), so nginx sees distinct clients. */
function request(
  url: string,
  {
    method = 'GET',
    headers = {},
    body,
    from,
    agent = false,
  }: {
    method?: string;
    headers?: Record<string, string>;
    body?: unknown;
    from?: string;
    agent?: http.Agent | false;
  } = {},
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      url,
      {
        method,
        localAddress: from,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
        agent,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const buffer = Buffer.concat(chunks);
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            body: buffer,
            json: <T>() => JSON.parse(buffer.toString('utf8')) as T,
          });
        });
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The signed link to a version's offline installer, as the versions lookup at `origin` hands it out. */
async function installerLink(origin: string, version: string): Promise<string> {
  const versions = (await request(`${origin}/v1/Cornerstone/versions`, { headers: { authorization: CS } })).json<
    Record<string, { offlineInstaller: string | null }>
  >();
  return new URL(versions[version]!.offlineInstaller!, origin).href;
}

/** A download as a browser makes it: the portal's 303 followed to the bucket, with the same headers. */
async function download(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const answer = await request(url, { headers });
  return answer.status === 303 ? request(answer.headers.location!, { headers }) : answer;
}

describe('two portals behind nginx on shared PostgreSQL, Redis and an S3 bucket', () => {
  let cluster: Cluster;
  before(async () => {
    cluster = await Cluster.start({ portals: 2 });
  });
  after(async () => {
    await cluster?.stop();
  });

  it('runs on the nginx configuration docs/deployment.md shows, word for word', () => {
    const doc = readFileSync(path.join(REPO_ROOT, 'docs/deployment.md'), 'utf8');
    assert.ok(
      doc.includes(readFileSync(NGINX_CONFIG, 'utf8').trim()),
      'docs/deployment.md quotes e2e/cluster/portal.nginx.conf',
    );
  });

  it('answers the customer lookups through nginx, from both portals', async () => {
    for (const url of [
      '/v1/Cornerstone/families',
      '/v1/Cornerstone/versions',
      '/v1/ProductInformationBulletins',
      '/v1/Cornerstone/dsv',
    ]) {
      for (let round = 0; round < 2; round++) {
        const answer = await request(`${cluster.url}${url}`, { headers: { authorization: CS } });
        assert.equal(answer.status, 200, `${url}: ${answer.body}`);
        assert.equal(answer.headers['cache-control'], 'private, no-store');
      }
    }
    const upstreams = new Set(cluster.accessLog().map((line) => line.split(' ')[2]));
    for (const portal of cluster.portals)
      assert.ok(upstreams.has(`127.0.0.1:${portal.port}`), `portal ${portal.port} served`);
  });

  it('answers a download through nginx with a redirect to the bucket, whole and by range, from either portal', async () => {
    const link = await installerLink(cluster.url, '2.10.0');
    const expected = readFileSync(path.join(DEMO_CATALOGUE, 'installers/Cornerstone-2.10.0-Offline.zip'));
    const servedBy = cluster.accessLog().length;
    for (let round = 0; round < 2; round++) {
      const answer = await request(link);
      assert.equal(answer.status, 303);
      const location = new URL(answer.headers.location!);
      assert.equal(location.origin, cluster.s3.endpoint, 'the bucket sends the bytes');
      assert.equal(location.searchParams.get('X-Amz-Expires'), '300');
      const whole = await request(location.href);
      assert.equal(whole.status, 200);
      assert.equal(sha256(whole.body), sha256(expected));
    }
    const redirects = cluster
      .accessLog()
      .slice(servedBy)
      .filter((line) => line.includes(' 303 '));
    assert.equal(new Set(redirects.map((line) => line.split(' ')[2])).size, 2, 'each portal redirected once');
    const part = await download(link, { range: 'bytes=10-19' });
    assert.equal(part.status, 206);
    assert.deepEqual(part.body, expected.subarray(10, 20));
  });

  it('streams a download from the bucket through a portal with FILE_DELIVERY=stream', async () => {
    const streaming = await cluster.startPortalBeside({ FILE_DELIVERY: 'stream' });
    try {
      const link = await installerLink(streaming.url, '2.10.0');
      const expected = readFileSync(path.join(DEMO_CATALOGUE, 'installers/Cornerstone-2.10.0-Offline.zip'));
      const whole = await request(link);
      assert.equal(whole.status, 200);
      assert.equal(whole.headers.etag, `"${sha256(expected)}"`);
      assert.equal(sha256(whole.body), sha256(expected));
      const rest = await request(link, { headers: { range: 'bytes=100-', 'if-range': whole.headers.etag! } });
      assert.equal(rest.status, 206);
      assert.deepEqual(rest.body, expected.subarray(100));
    } finally {
      await streaming.stop();
    }
  });

  it('exchanges a link requested through one portal at the other, and a sign-out through either revokes everywhere', async () => {
    const [first, second] = cluster.portals as [Cluster['portals'][0], Cluster['portals'][0]];
    const staffOnly = '/v1/Cornerstone/releaseDates';
    // Requested through one address, exchanged at another; the mail lands in whichever portal's outbox answered.
    const signIn = async (email: string, requestAt: string, exchangeAt: string) =>
      (
        await signInThroughOutbox({
          email,
          requestAt,
          exchangeAt,
          dataDirs: cluster.portals.map((portal) => portal.dataDir),
        })
      ).headers;

    const alice = await signIn(`alice-${randomBytes(3).toString('hex')}@example.com`, first.url, second.url);
    for (const portal of cluster.portals)
      assert.equal((await request(`${portal.url}${staffOnly}`, { headers: alice })).status, 200);
    assert.equal((await request(`${second.url}/v1/auth/session`, { method: 'DELETE', headers: alice })).status, 204);
    for (const url of [first.url, second.url, cluster.url]) {
      assert.equal(
        (await request(`${url}${staffOnly}`, { headers: alice })).status,
        401,
        `${url} refuses a signed-out bearer`,
      );
    }

    // Through the load balancer, signing out at whichever portal it picks.
    const bob = await signIn(`bob-${randomBytes(3).toString('hex')}@example.com`, cluster.url, cluster.url);
    assert.equal((await request(`${first.url}/v1/auth/session`, { method: 'DELETE', headers: bob })).status, 204);
    for (const url of [second.url, cluster.url]) {
      assert.equal((await request(`${url}${staffOnly}`, { headers: bob })).status, 401);
    }
  });

  it('brakes a guesser behind nginx across both portals, while a valid customer at another address is served', async () => {
    const guesser = '127.0.0.2';
    const customer = '127.0.0.3';
    for (let attempt = 0; attempt < 20; attempt++) {
      const guess = await request(`${cluster.url}/v1/Cornerstone/versions`, {
        headers: { authorization: `Hasp id=CLUSTER-GUESS-${attempt}` },
        from: guesser,
      });
      assert.equal(guess.status, 401);
      // Two lookups per guess: in strict alternation round robin would send every guess to one portal.
      for (let lookup = 0; lookup < 2; lookup++) {
        const valid = await request(`${cluster.url}/v1/Cornerstone/versions`, {
          headers: { authorization: CS },
          from: customer,
        });
        assert.equal(valid.status, 200);
      }
    }
    // The guesses went to both portals…
    const guessedAt = new Set(
      cluster
        .accessLog()
        .filter((line) => line.startsWith(`${guesser} 401 `))
        .map((line) => line.split(' ')[2]),
    );
    assert.equal(guessedAt.size, 2, 'round robin spread the guesses over both portals');
    // …and the brake counted them as one budget: braked through nginx and at each portal.
    const braked = await request(`${cluster.url}/v1/Cornerstone/versions`, {
      headers: { authorization: CS },
      from: guesser,
    });
    assert.equal(braked.status, 429);
    assert.ok(Number(braked.headers['retry-after']) > 0);
    for (const portal of cluster.portals) {
      const direct = await request(`${portal.url}/v1/Cornerstone/versions`, {
        headers: { authorization: CS, 'x-forwarded-for': guesser },
      });
      assert.equal(direct.status, 429, `portal ${portal.port} brakes the guesser too`);
    }
    assert.equal(
      (await request(`${cluster.url}/v1/Cornerstone/versions`, { headers: { authorization: CS }, from: customer }))
        .status,
      200,
    );
  });

  it('publishes with `npm run portal -- import` while both serve, and both show it at once', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-publish-'));
    try {
      cpSync(DEMO_CATALOGUE, folder, { recursive: true });
      const installer = randomBytes(64 * 1024);
      writeFileSync(path.join(folder, 'installers/Cornerstone-2.12.0-Offline.zip'), installer);
      const manifestFile = path.join(folder, 'catalogue.json');
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { versions: unknown[] };
      manifest.versions.push({
        name: '2.12.0',
        families: ['CS'],
        releaseDate: '2026-11-23',
        offlineInstaller: { path: 'installers/Cornerstone-2.12.0-Offline.zip' },
        offlineInstallerBuiltAt: '2026-11-23T09:30:00Z',
      });
      writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));

      const imported = await cluster.runCommand(['import', folder]);
      assert.equal(imported.status, 0, imported.output);
      const publishedAt = Date.now();
      for (const portal of cluster.portals) {
        let versions: Record<string, { offlineInstaller: string | null }> = {};
        while (!versions['2.12.0'] && Date.now() - publishedAt < 2_000) {
          versions = (
            await request(`${portal.url}/v1/Cornerstone/versions`, { headers: { authorization: CS } })
          ).json();
          if (!versions['2.12.0']) await sleep(50);
        }
        assert.ok(versions['2.12.0'], `portal ${portal.port} shows 2.12.0 within 2 s of the import`);
        const link = new URL(versions['2.12.0'].offlineInstaller!, cluster.url);
        const downloaded = await download(`${portal.url}${link.pathname}${link.search}`);
        assert.equal(downloaded.status, 200);
        assert.equal(sha256(downloaded.body), sha256(installer));
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('survives a kill -9 of one portal under load: no client sees an error, and the restarted portal rejoins', async () => {
    const victim = cluster.portals[1]!;
    // Eight clients, each asking again as soon as it has its answer, over kept-alive connections.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const failures: string[] = [];
    let answered = 0;
    let running = true;
    const client = async () => {
      while (running) {
        try {
          const answer = await request(`${cluster.url}/v1/Cornerstone/versions`, {
            headers: { authorization: CS },
            agent,
          });
          if (answer.status === 200) answered++;
          else failures.push(`${answer.status} ${answer.body}`);
        } catch (error) {
          failures.push((error as Error).message);
        }
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, client));
    await sleep(1_500);
    await victim.kill9();
    await sleep(1_500);
    await victim.start();
    const restartedAt = cluster.accessLog().length;
    await sleep(1_500);
    running = false;
    await load;
    agent.destroy();
    assert.ok(answered > 100, `load ran (${answered} answers)`);
    assert.deepEqual(failures, [], 'every GET was answered 200');
    assert.match(
      cluster.nginxErrors(),
      new RegExp(`upstream: "http://127.0.0.1:${victim.port}/`),
      'nginx met the dead portal',
    );
    // The restarted portal takes its share again (nginx retries it after fail_timeout).
    let rejoined = false;
    for (let attempt = 0; attempt < 100 && !rejoined; attempt++) {
      await request(`${cluster.url}/v1/Cornerstone/versions`, { headers: { authorization: CS } });
      rejoined = cluster
        .accessLog()
        .slice(restartedAt)
        .some((line) => line.includes(` 200 127.0.0.1:${victim.port} `));
      if (!rejoined) await sleep(50);
    }
    assert.ok(rejoined, 'the restarted portal answers requests through nginx again');
  });
});
