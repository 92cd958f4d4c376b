import { reactRouter } from '@react-router/dev/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { languageFallbacks } from './i18n/language-fallbacks.ts';
import { portalMessages } from './i18n/vite-plugin.ts';

/**
 * React Router's production build, beside the development one its package exports point
 * to: the same code without the development warnings (decision 165). The build only: the
 * dev server keeps the warnings.
 */
const reactRouterProduction = (specifier: string) =>
  fileURLToPath(import.meta.resolve(specifier)).replace(/([\\/])dist\1development\1/, '$1dist$1production$1');

const NODE_MODULES = /[\\/]node_modules[\\/]/;
const ROOT_ROUTE = /[\\/]app[\\/]root\.tsx(\?|$)/;
const APP_MODULE = /[\\/]apps[\\/]web[\\/]app[\\/]/;
const PAGE_FRAME = /[\\/]app[\\/](shared[\\/]page-meta\.ts|styles[\\/]page\.module\.css)$/;
/** React, React DOM and React Router: one chunk, loaded by every page (decision 252). */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;

/**
 * The app's modules the root route imports statically, followed import by import: the shell
 * every page loads (header, menu, footer, identity store, API client, settings). Collected
 * when the module graph is complete, before the chunks are made; anew by each build (the
 * client's, then the prerendering one's, one after the other).
 */
const shellModules = new Set<string>();
const collectShellModules: Plugin = {
  name: 'portal:shell-modules',
  apply: 'build',
  buildEnd(error) {
    if (error) return;
    shellModules.clear();
    const roots = [...this.getModuleIds()].filter((id) => ROOT_ROUTE.test(id));
    // Without it every page would quietly go back to the twenty-odd small chunks.
    if (roots.length === 0) this.error('The root route (app/root.tsx) is not in the module graph');
    const pending = roots.flatMap((id) => this.getModuleInfo(id)?.importedIds ?? []);
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      if (shellModules.has(id) || ROOT_ROUTE.test(id) || NODE_MODULES.test(id) || id.startsWith('\0')) continue;
      shellModules.add(id);
      pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
    }
  },
};

export default defineConfig(({ command }) => ({
  // The messages first: a page loads its language's words only (docs/decisions/281-customer-pages-in-six-languages.md).
  // Each language's SPA fallback is rendered from the prerendering build before React Router removes it.
  plugins: [portalMessages(), languageFallbacks(), reactRouter(), collectShellModules],
  build: {
    assetsInlineLimit: 0,
    // One stylesheet for every page (about 8 KB gzip): a lookup named ten, and on a slow
    // connection the six a browser fetches at once held its first paint back (decision 165).
    cssCodeSplit: false,
    rolldownOptions: {
      // Two chunks every page loads, instead of the twenty-odd small ones the shell was split
      // into: Home named 23 scripts, and each small file compressed on its own (and named in
      // the route manifest) cost Home about 3.8 KB gzip of its 120 KB budget (decision 252).
      // The shell's group takes only app modules: the contracts' modules it imports come
      // along as its dependencies, as far as the shell uses them.
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: FRAMEWORK, priority: 2 },
            {
              name: 'shell',
              test: (id: string) => (shellModules.has(id) && APP_MODULE.test(id)) || PAGE_FRAME.test(id),
              priority: 1,
            },
          ],
        },
      },
      // The web app reads the contracts' constants and types, never validates with their
      // TypeBox schemas: building a schema is side-effect free, so unused ones are left out
      // instead of being parsed and built on every lookup's load (decision 165).
      treeshake: {
        manualPureFunctions: ['Type'],
        // TypeBox's modules only define (its package does not say so): unused, they go too.
        moduleSideEffects: (id: string) => !/[\\/]node_modules[\\/]typebox[\\/]/.test(id),
      },
    },
  },
  // The draft screen's hashing worker is an ES module, as the pages' scripts are (decision 270).
  worker: { format: 'es' },
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('react-router') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('react-router/dom') },
          ]
        : [],
  },
  css: { modules: { localsConvention: 'camelCaseOnly' } },
}));
