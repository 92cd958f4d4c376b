// Bundles the command into dist/portal-publish.mjs: the contracts (with their jsonc-parser)
// and tus-js-client inlined, so the packed tarball needs nothing but Node (docs/decisions/261);
// and its hash threads into dist/hash-thread.mjs, small, as each thread loads it (decision 262).
import { build } from 'esbuild';

await build({
  entryPoints: {
    'portal-publish': new URL('../src/main.ts', import.meta.url).pathname,
    'hash-thread': new URL('../src/hash-thread.ts', import.meta.url).pathname,
  },
  outdir: new URL('../dist', import.meta.url).pathname,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  // ES module builds first: jsonc-parser's main is a UMD bundle whose require() calls esbuild cannot follow.
  mainFields: ['module', 'main'],
  // tus-js-client's CommonJS dependencies call require(): the bundle gets one.
  banner: {
    js: "import { createRequire as __portalRequire } from 'node:module'; const require = __portalRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
