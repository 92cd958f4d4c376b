import { reactRouter } from '@react-router/dev/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * React Router's production build, beside the development one its package exports point
 * to: the same code without the development warnings (decision 165). The build only: the
 * dev server keeps the warnings.
 */
const reactRouterProduction = (specifier: string) =>
  fileURLToPath(import.meta.resolve(specifier)).replace(/([\\/])dist\1development\1/, '$1dist$1production$1');

export default defineConfig(({ command }) => ({
  plugins: [reactRouter()],
  build: {
    assetsInlineLimit: 0,
    // One stylesheet for every page (about 8 KB gzip): a lookup named ten, and on a slow
    // connection the six a browser fetches at once held its first paint back (decision 165).
    cssCodeSplit: false,
    rolldownOptions: {
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
