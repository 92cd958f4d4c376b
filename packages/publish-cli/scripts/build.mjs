// Bundles the command into dist/portal-publish.mjs: the contracts (with their jsonc-parser)
// and tus-js-client inlined, so the packed tarball needs nothing but Node (docs/decisions/261).
import { build } from 'esbuild';

await build({
  entryPoints: [new URL('../src/main.ts', import.meta.url).pathname],
  outfile: new URL('../dist/portal-publish.mjs', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // ES module builds first: jsonc-parser's main is a UMD bundle whose require() calls esbuild cannot follow.
  mainFields: ['module', 'main'],
  // tus-js-client's CommonJS dependencies call require(): the bundle gets one.
  banner: {
    js: "import { createRequire as __portalRequire } from 'node:module'; const require = __portalRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
