import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { locateProgram } from '../../scripts/system-packages.mjs';
import { startRedisServer, type RedisServer } from '../../apps/api/test/redis-server';
import { startS3Server, type S3Server } from '../../apps/api/test/s3-server';
import { freePort, READY_LINE, REPO_ROOT, SERVER_ENTRY, SERVER_NODE_FLAGS } from '../../test-kit/portal-process';
import { collectOutput, waitForOutput } from '../../test-kit/process-output';

/** The nginx configuration of docs/deployment.md, read by the cluster test and bench alike. */
export const NGINX_CONFIG = path.join(import.meta.dirname, 'portal.nginx.conf');

/**
 * Several portals on shared services, as docs/deployment.md describes, on this machine:
 * Debian's PostgreSQL and redis-server, an S3 bucket in s3rver (in this process), nginx
 * balancing between N portal processes (the production build), each with a DATA_DIR of its
 * own but one database, one SECRET_KEY, one Redis and one bucket. Everything listens on free
 * loopback ports and lives in one temporary folder; stop() (also on SIGINT/SIGTERM) stops it
 * all and removes the folder.
 */
export class Cluster {
  readonly dir: string;
  readonly secretKey = randomBytes(32).toString('hex');
  url = '';
  private nginxPort = 0;
  private nginxBinary = 'nginx';
  databaseUrl = '';
  redis!: RedisServer;
  s3!: S3Server;
  portals: PortalNode[] = [];
  private readonly extraPortals: PortalNode[] = [];
  private readonly children = new Set<ChildProcess>();
  private readonly balancers: ChildProcess[] = [];
  private postgres?: ChildProcess;
  private stopped = false;
  private readonly onSignal = (signal: NodeJS.Signals) => {
    // Ctrl-C reaches every process of the terminal at once: wait until they are gone, then remove the folder.
    void this.killAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };

  private constructor() {
    this.dir = mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-'));
    chmodSync(this.dir, 0o755); // postgres and nginx's workers run as other users when we are root
    process.once('SIGINT', this.onSignal);
    process.once('SIGTERM', this.onSignal);
    process.once('exit', () => this.killAllNow());
  }

  /** Starts PostgreSQL, Redis, `portals` portal processes and nginx in front of them. */
  static async start({ portals = 2 }: { portals?: number } = {}): Promise<Cluster> {
    const nginxBinary = locateProgram('nginx');
    const cluster = new Cluster();
    try {
      cluster.nginxPort = await freePort();
      cluster.url = `http://127.0.0.1:${cluster.nginxPort}`;
      await cluster.startPostgres();
      cluster.redis = await startRedisServer();
      cluster.s3 = await startS3Server();
      // One at a time: the first imports the demo catalogue into the empty database.
      for (let index = 0; index < portals; index++) {
        const node = new PortalNode(cluster, index, await freePort());
        await node.start();
        cluster.portals.push(node);
      }
      cluster.nginxBinary = nginxBinary;
      await cluster.startNginx('nginx', cluster.nginxPort, cluster.portals);
      return cluster;
    } catch (error) {
      await cluster.stop();
      throw error;
    }
  }

  /** The environment every portal shares (docs/deployment.md, "Which part needs what"). */
  sharedEnv(): Record<string, string> {
    return {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/',
      DATABASE_URL: this.databaseUrl,
      REDIS_URL: this.redis.url,
      // The published files in the bucket; FILE_DELIVERY is left to its default there: redirect.
      ...this.s3.env,
      SECRET_KEY: this.secretKey,
      PUBLIC_URL: this.url,
      TRUST_PROXY: '127.0.0.1',
    };
  }

  /** A DATA_DIR for one process of the cluster: its lock, and its outbox (no SMTP_URL here). */
  dataDirFor(name: string): string {
    const dataDir = path.join(this.dir, name);
    mkdirSync(dataDir, { recursive: true });
    return dataDir;
  }

  /** One more portal on the same services, not behind nginx, with `env` on top of the shared one. */
  async startPortalBeside(env: Record<string, string>): Promise<PortalNode> {
    const node = new PortalNode(this, this.portals.length + this.extraPortals.length, await freePort(), env);
    this.extraPortals.push(node);
    await node.start();
    return node;
  }

  /**
   * `npm run portal -- <args>` as an operator runs it on one machine of the cluster. Not
   * spawnSync: the bucket (s3rver) answers from this very process, so its event loop must run.
   */
  runCommand(args: string[]): Promise<{ status: number | null; output: string }> {
    const child = spawn('npm', ['run', '--silent', 'portal', '--', ...args], {
      cwd: REPO_ROOT,
      env: { ...this.sharedEnv(), DATA_DIR: this.dataDirFor('operator') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.track(child);
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    return new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (status) => resolve({ status, output }));
    });
  }

  /**
   * Lines of nginx's access log: `<client> <status> <upstream address(es)> <request line>`;
   * of the nginx in front of all portals, or of one startBalancer() started (its address).
   */
  accessLog(balancer = this.url): string[] {
    const name = balancer === this.url ? 'nginx' : `nginx-${new URL(balancer).port}`;
    const file = path.join(this.dir, name, 'access.log');
    return existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean) : [];
  }

  /** nginx's error log (why it moved on from a portal). */
  nginxErrors(): string {
    const file = path.join(this.dir, 'nginx', 'error.log');
    return existsSync(file) ? readFileSync(file, 'utf8') : '';
  }

  track(child: ChildProcess) {
    this.children.add(child);
    child.once('exit', () => this.children.delete(child));
  }

  async stop() {
    if (this.stopped) return;
    this.stopped = true;
    process.off('SIGINT', this.onSignal);
    process.off('SIGTERM', this.onSignal);
    for (const nginx of this.balancers) {
      if (nginx.exitCode !== null) continue;
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGQUIT'); // graceful: finish what is in flight
      await exited;
    }
    for (const portal of [...this.portals, ...this.extraPortals]) await portal.stop();
    await this.redis?.close();
    await this.s3?.close();
    if (this.postgres && this.postgres.exitCode === null) {
      const exited = new Promise((resolve) => this.postgres!.once('exit', resolve));
      this.postgres.kill('SIGINT'); // fast shutdown
      await exited;
    }
    this.killAllNow();
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** On a signal: every process this cluster started killed and waited for, then its folder removed. */
  private async killAll() {
    this.stopped = true;
    const running = [...this.children].filter((child) => child.exitCode === null && child.signalCode === null);
    const gone = running.map((child) => new Promise((resolve) => child.once('exit', resolve)));
    for (const child of running) child.kill('SIGKILL');
    await this.redis?.stop();
    await Promise.race([Promise.all(gone), new Promise((resolve) => setTimeout(resolve, 5_000))]);
    rmSync(this.dir, { recursive: true, force: true, maxRetries: 5 });
  }

  /** Last resort (an exit without stop()): nothing this cluster started outlives the test process. */
  private killAllNow() {
    for (const child of this.children) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    if (!this.stopped) {
      this.stopped = true;
      this.redis?.killNow();
      try {
        rmSync(this.dir, { recursive: true, force: true, maxRetries: 5 });
      } catch {
        // A process still writing into it; the folder is in the system's temporary folder.
      }
    }
  }

  private async startPostgres() {
    const bin = locateProgram('postgresql');
    // PostgreSQL refuses to run as root: as root it runs as the postgres user, as .ci/run does.
    const ids =
      process.getuid?.() === 0
        ? { uid: Number(execFileSync('id', ['-u', 'postgres'])), gid: Number(execFileSync('id', ['-g', 'postgres'])) }
        : {};
    const home = path.join(this.dir, 'postgresql');
    mkdirSync(home, { mode: 0o700 });
    if (ids.uid !== undefined) chownSync(home, ids.uid, ids.gid!);
    const data = path.join(home, 'data');
    const init = spawnSync(
      `${bin}/initdb`,
      ['-D', data, '-U', 'portal', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync'],
      { ...ids, cwd: '/', encoding: 'utf8' },
    );
    if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}${init.stderr}`);
    const port = await freePort();
    const child = spawn(
      `${bin}/postgres`,
      [
        '-D',
        data,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'fsync=off',
      ],
      { ...ids, cwd: '/', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.postgres = child;
    this.track(child);
    await waitForOutput(child, 'database system is ready to accept connections', { name: 'postgres' });
    this.databaseUrl = `postgres://portal@127.0.0.1:${port}/postgres`;
  }

  /** Another nginx on the same configuration in front of some of the portals (the cluster bench's one-portal reference). */
  async startBalancer(portals: PortalNode[]): Promise<string> {
    const port = await freePort();
    await this.startNginx(`nginx-${port}`, port, portals);
    return `http://127.0.0.1:${port}`;
  }

  private async startNginx(name: string, port: number, portals: PortalNode[]) {
    const binary = this.nginxBinary;
    const home = path.join(this.dir, name);
    mkdirSync(home);
    const url = `http://127.0.0.1:${port}`;
    const servers = portals.map((portal) => `server 127.0.0.1:${portal.port} max_fails=1 fail_timeout=2s;`);
    const site = readFileSync(NGINX_CONFIG, 'utf8')
      .replace('{{portals}}', servers.join('\n    '))
      .replace('{{listen}}', `127.0.0.1:${port}`);
    writeFileSync(path.join(home, 'portal.conf'), site);
    const temp = (name: string) => `${name}_temp_path ${path.join(home, `${name}-temp`)};`;
    writeFileSync(
      path.join(home, 'nginx.conf'),
      [
        process.getuid?.() === 0 ? 'user nobody nogroup;' : '',
        'daemon off;',
        'worker_processes 2;',
        `pid ${path.join(home, 'nginx.pid')};`,
        `error_log ${path.join(home, 'error.log')} warn;`,
        'events { worker_connections 1024; }',
        'http {',
        `  log_format upstream '$remote_addr $status $upstream_addr "$request"';`,
        `  access_log ${path.join(home, 'access.log')} upstream;`,
        // nginx closes a kept-alive client connection after 1,000 requests; autocannon counts
        // the request it had already sent on it as an error. Load generators only, not production.
        '  keepalive_requests 1000000;',
        `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}`,
        `  include ${path.join(home, 'portal.conf')};`,
        '}',
      ].join('\n'),
    );
    const child = spawn(binary, ['-p', home, '-c', path.join(home, 'nginx.conf'), '-e', path.join(home, 'error.log')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.balancers.push(child);
    this.track(child);
    let output = '';
    child.stderr!.on('data', (chunk) => (output += chunk));
    for (let attempt = 0; ; attempt++) {
      if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${output}`);
      const ok = await fetch(`${url}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      if (attempt > 100) throw new Error(`nginx did not answer within 10 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** One portal process of the cluster: `node apps/api/dist/server.js` as the systemd unit starts it, with the shared environment. */
export class PortalNode {
  readonly dataDir: string;
  readonly url: string;
  child?: ChildProcess;

  constructor(
    private readonly cluster: Cluster,
    readonly index: number,
    readonly port: number,
    private readonly env: Record<string, string> = {},
  ) {
    this.dataDir = cluster.dataDirFor(`portal-${index + 1}`);
    this.url = `http://127.0.0.1:${port}`;
  }

  async start() {
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
      cwd: REPO_ROOT,
      env: {
        ...this.cluster.sharedEnv(),
        ...this.env,
        DATA_DIR: this.dataDir,
        PORT: String(this.port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.cluster.track(child);
    const output = collectOutput(child, `portal ${this.index + 1}`);
    this.output = output.text;
    await output.until(READY_LINE);
  }

  /** What this process printed since it was last started. */
  output: () => string = () => '';

  /** `kill -9`: the process ends at once, mid-request, leaving its data-folder lock behind. */
  async kill9() {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /** SIGTERM, as a service manager stops it; resolves with its exit code once it has exited. */
  async stop(): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    return exited;
  }
}
