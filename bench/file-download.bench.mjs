// Downloading a 1 GiB file from the portal against nginx serving the same file, in the same
// run. Targets (issue 4): throughput at least 90% of nginx's, server CPU per GiB at most 1.5
// times nginx's, and a resumed (Range) download byte-identical. Then (issue 15) the portal
// with FILE_DELIVERY=accel behind nginx, against nginx alone in the same run: at least 95% of
// nginx's throughput at no more than 1.2 times its CPU per GiB (nginx's and the portal's
// together), and a resumed download through it byte-identical.
// The reference is the fastest honest nginx (issue 23, docs/decisions/161-nginx-download-reference.md):
// NGINX_TUNING below, which the accel nginx shares; it serves the real file, with sendfile.
// nginx comes from Debian (scripts/system-packages.mjs installs it where missing, as root); curl downloads.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  createReadStream,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
  writeSync,
  closeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureSystemPackages, locateProgram } from '../scripts/system-packages.mjs';
import { freePort, REPO_ROOT, startPortal } from '../test-kit/portal-process.ts';

const SIZE_BYTES = Number(process.env.BENCH_FILE_BYTES ?? 1 << 30);
// Downloads of each kind per phase; more smooth out a busy machine (BENCH_DOWNLOAD_RUNS).
const RUNS = Number(process.env.BENCH_DOWNLOAD_RUNS ?? 3);
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
const GIB = 1 << 30;
/**
 * nginx's settings for sending files, in both nginxes of this bench (decision 161): sendfile
 * (the kernel copies from the page cache to the socket), up to 8 MiB per sendfile call before
 * the worker looks at its other connections, headers sent with the file's first bytes
 * (tcp_nopush) and the last bytes at once (tcp_nodelay), and 1 MiB buffers for an answer that
 * must be read into memory instead. apps/api/test/accel.nginx.conf has the same for the
 * accel location.
 */
const NGINX_TUNING = `sendfile on;
  sendfile_max_chunk 8m;
  tcp_nopush on;
  tcp_nodelay on;
  output_buffers 2 1m;`;

const work = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-download-'));
chmodSync(work, 0o755);
const publish = path.join(work, 'publish');
const dataDir = path.join(work, 'data');
mkdirSync(publish, { mode: 0o755 });
mkdirSync(dataDir, { mode: 0o755 });
const bigFile = path.join(publish, 'big.bin');

let nginx;
let portal;
let accelNginx;
let failed = false;
try {
  writeRandomFile(bigFile, SIZE_BYTES);
  chmodSync(bigFile, 0o644);
  const expectedSha = await sha256(bigFile);
  writeFileSync(
    path.join(publish, 'catalogue.json'),
    JSON.stringify({
      families: ['CS'],
      versions: [{ name: '9.9.9', families: ['CS'], offlineInstaller: { path: 'big.bin' } }],
      registrations: [{ registrationId: 'BENCH-0001', family: 'CS' }],
      pibs: [],
      dsvs: [],
    }),
  );
  const imported = spawnSync(process.execPath, [path.join(REPO_ROOT, 'apps/api/dist/cli.js'), 'import', publish], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  if (imported.status !== 0) throw new Error(`import failed: ${imported.stderr}${imported.stdout}`);

  portal = await startPortal({ dataDir });
  const versions = await (
    await fetch(`${portal.url}/v1/Cornerstone/versions`, { headers: { authorization: 'Hasp id=BENCH-0001' } })
  ).json();
  const portalUrl = `${portal.url}${versions['9.9.9'].offlineInstaller}`;

  nginx = await startNginx(publish, work);
  console.log(`nginx reference (one worker, keep-alive): ${NGINX_TUNING.replace(/\s*\n\s*/g, ' ')}`);
  const nginxUrl = `${nginx.url}/big.bin`;

  // Warm the page cache so both read the file from memory.
  await download(nginxUrl);
  // Interleaved, so that whatever else the machine is doing falls on both alike.
  const reference = { best: 0, ticks: 0, bytes: 0 };
  const ours = { best: 0, ticks: 0, bytes: 0 };
  for (let run = 0; run < RUNS; run++) {
    await interleaved(
      run,
      () => measureDownload(nginxUrl, () => nginx.pids(), reference),
      () => measureDownload(portalUrl, () => [portal.pid], ours),
    );
  }
  summarise(reference);
  summarise(ours);
  const throughputRatio = ours.mibPerSecond / reference.mibPerSecond;
  const cpuRatio = ours.cpuSecondsPerGiB / reference.cpuSecondsPerGiB;
  console.log(`file: ${(SIZE_BYTES / GIB).toFixed(2)} GiB, best of ${RUNS} downloads each (curl to /dev/null)`);
  console.log(
    `nginx reference ${reference.mibPerSecond} MiB/s, server CPU ${reference.cpuSecondsPerGiB.toFixed(3)} s/GiB`,
  );
  console.log(`portal          ${ours.mibPerSecond} MiB/s, server CPU ${ours.cpuSecondsPerGiB.toFixed(3)} s/GiB`);
  console.log(`ratio portal/nginx: throughput ${(throughputRatio * 100).toFixed(0)}%, CPU ${cpuRatio.toFixed(2)}x`);
  if (throughputRatio < 0.9 || cpuRatio > 1.5) failed = true;

  const resumed = await resumedDownload(portalUrl, path.join(work, 'resumed.bin'));
  const identical = resumed === expectedSha;
  console.log(
    `resumed download (two Range requests): ${identical ? 'byte-identical' : 'DIFFERENT'} (sha256 ${resumed})`,
  );
  if (!identical) failed = true;

  // The data folder belongs to one portal at a time: the streaming one makes way.
  await portal.stop();
  portal = await startPortal({ dataDir, env: { FILE_DELIVERY: 'accel' } });
  const accelPrefix = '/_portal-files/';
  accelNginx = await startNginx(
    publish,
    work,
    'accel',
    `location / {
      proxy_pass ${portal.url};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
    }
    ${readFileSync(path.join(REPO_ROOT, 'apps/api/test/accel.nginx.conf'), 'utf8')
      .replace('{{prefix}}', accelPrefix)
      .replace('{{filesDir}}', path.join(dataDir, 'files'))}`,
  );
  const accelUrl = `${accelNginx.url}${versions['9.9.9'].offlineInstaller}`;
  await download(accelUrl);
  const reference2 = { best: 0, ticks: 0, bytes: 0 };
  const accel = { best: 0, ticks: 0, bytes: 0 };
  for (let run = 0; run < RUNS; run++) {
    await interleaved(
      run,
      () => measureDownload(nginxUrl, () => nginx.pids(), reference2),
      () => measureDownload(accelUrl, () => [...accelNginx.pids(), portal.pid], accel),
    );
  }
  summarise(reference2);
  summarise(accel);
  const accelThroughput = accel.mibPerSecond / reference2.mibPerSecond;
  const accelCpu = accel.cpuSecondsPerGiB / reference2.cpuSecondsPerGiB;
  console.log('');
  console.log(
    `nginx reference ${reference2.mibPerSecond} MiB/s, server CPU ${reference2.cpuSecondsPerGiB.toFixed(3)} s/GiB`,
  );
  console.log(
    `portal + accel  ${accel.mibPerSecond} MiB/s, server CPU ${accel.cpuSecondsPerGiB.toFixed(3)} s/GiB (nginx and portal)`,
  );
  console.log(
    `ratio accel/nginx: throughput ${(accelThroughput * 100).toFixed(0)}%, CPU ${accelCpu.toFixed(2)}x (target: at least 95%, at most 1.2x)`,
  );
  if (accelThroughput < 0.95 || accelCpu > 1.2) failed = true;
  const resumedAccel = await resumedDownload(accelUrl, path.join(work, 'resumed-accel.bin'));
  const identicalAccel = resumedAccel === expectedSha;
  console.log(
    `resumed download through accel: ${identicalAccel ? 'byte-identical' : 'DIFFERENT'} (sha256 ${resumedAccel})`,
  );
  if (!identicalAccel) failed = true;
  console.log('');
  console.log('the portal against the nginx reference measured beside it:');
  console.log(
    `  stream: throughput ${(throughputRatio * 100).toFixed(0)}%, CPU ${cpuRatio.toFixed(2)}x (${ours.cpuSecondsPerGiB.toFixed(3)} s/GiB against ${reference.cpuSecondsPerGiB.toFixed(3)} s/GiB)`,
  );
  console.log(
    `  accel:  throughput ${(accelThroughput * 100).toFixed(0)}%, CPU ${accelCpu.toFixed(2)}x (${accel.cpuSecondsPerGiB.toFixed(3)} s/GiB against ${reference2.cpuSecondsPerGiB.toFixed(3)} s/GiB)`,
  );
} finally {
  nginx?.stop();
  accelNginx?.stop();
  await portal?.stop();
  rmSync(work, { recursive: true, force: true });
}
if (failed) {
  console.log('TARGET MISSED');
  process.exit(1);
}

/** The reference first in even runs, second in odd ones: neither always gets the warmer turn. */
async function interleaved(run, reference, candidate) {
  if (run % 2 === 0) {
    await reference();
    await candidate();
  } else {
    await candidate();
    await reference();
  }
}

function writeRandomFile(file, size) {
  // A random MiB repeated: incompressible enough, and fast to write.
  const block = randomBytes(1 << 20);
  const fd = openSync(file, 'w');
  for (let written = 0; written < size; written += block.length) {
    writeSync(fd, block, 0, Math.min(block.length, size - written));
  }
  closeSync(fd);
}

function sha256(file) {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file, { highWaterMark: 1 << 20 })
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

function download(url, args = []) {
  return new Promise((resolve, reject) => {
    const curl = spawn('curl', [
      '-sS',
      '--fail',
      '-o',
      '/dev/null',
      '-w',
      '%{size_download} %{time_total}',
      ...args,
      url,
    ]);
    let out = '';
    curl.stdout.on('data', (chunk) => (out += chunk));
    curl.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`curl ${url} exited with ${code}`));
      const [bytes, seconds] = out.trim().split(' ').map(Number);
      resolve({ bytes, seconds });
    });
  });
}

async function measureDownload(url, pids, totals) {
  const before = cpuOf(pids());
  const { bytes, seconds } = await download(url);
  totals.ticks += cpuOf(pids()) - before;
  totals.bytes += bytes;
  if (bytes !== SIZE_BYTES) throw new Error(`${url}: got ${bytes} bytes`);
  totals.best = Math.max(totals.best, bytes / seconds / 1048576);
}

function summarise(totals) {
  totals.mibPerSecond = Math.round(totals.best);
  totals.cpuSecondsPerGiB = totals.ticks / CLOCK_TICKS / (totals.bytes / GIB);
}

/**
 * CPU time of the processes in clock ticks: the nanoseconds every thread of each has run
 * (/proc/<pid>/task/<tid>/schedstat), where the kernel keeps them; utime + stime from
 * /proc/<pid>/stat otherwise. nginx spends a few ticks (10 ms) per GiB, so whole ticks
 * alone would make its CPU ratio jump by a fifth at a time.
 */
function cpuOf(pids) {
  let ticks = 0;
  for (const pid of pids) {
    let nanoseconds = 0;
    try {
      for (const task of readdirSync(`/proc/${pid}/task`)) {
        nanoseconds += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
      }
    } catch {
      nanoseconds = NaN;
    }
    if (Number.isFinite(nanoseconds) && nanoseconds > 0) {
      ticks += (nanoseconds / 1e9) * CLOCK_TICKS;
      continue;
    }
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks;
}

async function resumedDownload(url, target) {
  const half = Math.floor(SIZE_BYTES / 2);
  const head = await fetch(url, { method: 'HEAD' });
  const etag = head.headers.get('etag');
  const first = `${target}.1`;
  const second = `${target}.2`;
  spawnSync('curl', ['-sS', '--fail', '-r', `0-${half - 1}`, '-o', first, url]);
  spawnSync('curl', ['-sS', '--fail', '-r', `${half}-`, '-H', `If-Range: ${etag}`, '-o', second, url]);
  const hash = createHash('sha256');
  for (const part of [first, second]) {
    await new Promise((resolve, reject) =>
      createReadStream(part, { highWaterMark: 1 << 20 })
        .on('data', (chunk) => hash.update(chunk))
        .on('end', resolve)
        .on('error', reject),
    );
    rmSync(part);
  }
  return hash.digest('hex');
}

async function startNginx(root, workDir, name = 'nginx', locations = '') {
  ensureSystemPackages(['nginx']);
  const port = await freePort();
  const dir = path.join(workDir, name);
  mkdirSync(dir, { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 64; }
http {
  access_log off;
  ${NGINX_TUNING}
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    ${locations}
  }
}
`,
  );
  const child = spawn(locateProgram('nginx'), ['-c', conf, '-p', dir], { stdio: 'inherit' });
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await fetch(`http://127.0.0.1:${port}/catalogue.json`);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url: `http://127.0.0.1:${port}`,
    // The master and its worker: the worker does the sending.
    pids: () => [
      child.pid,
      ...execFileSync('pgrep', ['-P', String(child.pid)])
        .toString()
        .trim()
        .split('\n')
        .filter(Boolean)
        .map(Number),
    ],
    stop: () => child.kill('SIGTERM'),
  };
}
