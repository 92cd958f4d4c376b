#!/usr/bin/env node
// The command's entry: the bundle scripts/build.mjs writes (npm ci's and npm pack's `prepare`).
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/portal-publish.mjs', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write('portal-publish is not built: run `npm run build -w @portal/publish-cli`.\n');
  process.exit(2);
}
await import(bundle.href);
