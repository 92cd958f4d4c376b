import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { locateProgram } from '../../../scripts/system-packages.mjs';
import { freePort } from '../src/shared/free-port';

/** nginx's internal location for FILE_DELIVERY=accel, as docs/operations.md quotes it (and the bench uses it). */
export const ACCEL_LOCATION_FILE = path.join(import.meta.dirname, 'accel.nginx.conf');

/** That location for `prefix` and the files folder `filesDir`. */
export function accelLocation(prefix: string, filesDir: string): string {
  return readFileSync(ACCEL_LOCATION_FILE, 'utf8').replace('{{prefix}}', prefix).replace('{{filesDir}}', filesDir);
}

export interface Nginx {
  origin: string;
  close(): Promise<void>;
}

/**
 * nginx in front of a portal with FILE_DELIVERY=accel, configured as docs/operations.md
 * shows: everything is proxied to the portal, and the internal location sends the files of
 * DATA_DIR/files with sendfile when the portal answers with X-Accel-Redirect.
 */
export async function startNginxForAccel({
  portalOrigin,
  filesDir,
  prefix = '/_portal-files/',
}: {
  portalOrigin: string;
  filesDir: string;
  prefix?: string;
}): Promise<Nginx> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'portal-nginx-'));
  await mkdir(path.join(folder, 'logs'));
  const port = await freePort();
  await writeFile(
    path.join(folder, 'nginx.conf'),
    `daemon off;
# Run as root (a container, CI), nginx would hand its workers to "nobody", who cannot read the
# test's private folders; as anyone else the directive is ignored.
user ${os.userInfo().username};
worker_processes 1;
pid ${folder}/nginx.pid;
error_log ${folder}/logs/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${folder}/client_body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  sendfile on;
  tcp_nopush on;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass ${portalOrigin};
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
    }
    ${accelLocation(prefix, filesDir)}
  }
}
`,
  );
  // Debian's nginx, run as this user, in a temporary folder, on a free port.
  const child = spawn(locateProgram('nginx'), ['-p', folder, '-c', path.join(folder, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await waitForPort(port, child, () => stderr);
  return {
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      await rm(folder, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, child: ChildProcess, stderr: () => string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx did not start: ${stderr()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx did not listen on ${port}: ${stderr()}`);
}
