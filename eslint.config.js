// @ts-check
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

/**
 * Each feature of an app may use shared code and contracts, never another feature's
 * internals: only its read-only query functions, `queries.ts`, where it has one
 * (docs/decisions/105-catalogue-sections-own-their-tables.md).
 */
function featureBoundaries(featuresDir) {
  const features = readdirSync(featuresDir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const queries = features
    .filter(({ name }) => existsSync(`${featuresDir}/${name}/queries.ts`))
    .map(({ name }) => `./${name}/queries.ts`);
  return features.map(({ name }) => ({
    target: `${featuresDir}/${name}`,
    from: featuresDir,
    except: [`./${name}`, ...queries],
    message:
      'A feature must not reach into another feature; ask its queries.ts, or move what both need to shared code or contracts.',
  }));
}

/**
 * A shared service must not depend on a feature; features depend on plugins. The one
 * exception is the catalogue, which composes the sections of the features: it may import
 * a feature's public entry `section.ts` (docs/decisions/105-catalogue-sections-own-their-tables.md).
 */
function pluginBoundaries(pluginsDir, featuresDir) {
  const message = 'A shared service must not depend on a feature; features depend on plugins.';
  const sections = readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(`${featuresDir}/${entry.name}/section.ts`))
    .map(({ name }) => `./${name}/section.ts`);
  const others = readdirSync(pluginsDir).filter((name) => name !== 'catalogue');
  return [
    { target: others.map((name) => `${pluginsDir}/${name}`), from: featuresDir, message },
    {
      target: `${pluginsDir}/catalogue`,
      from: featuresDir,
      except: sections,
      message: `${message} The catalogue reaches a feature's section through its section.ts only.`,
    },
  ];
}

const API = './apps/api/src';
const WEB = './apps/web/app';

/**
 * What each part of the API sits above, from the bottom: the foundation (`shared/`,
 * `config/`, `db/`, `paths.ts`, `logging.ts`), then `plugins/`, then `features/` and `web/`
 * (serving the built web app), then start-up (`runtime/`, OpenTelemetry in `telemetry/`
 * or `tracing/`) and the app itself (`app.ts`, `server.ts`, `cli.ts`); tests above it all.
 * A part imports only from the parts below it.
 */
const API_START_UP = [`${API}/runtime`, `${API}/telemetry`, `${API}/tracing`];
// backup/ is the command line's backup and restore: it opens plugins (the blob store) and the database as cli.ts does.
const API_APP = [`${API}/app.ts`, `${API}/server.ts`, `${API}/cli.ts`, `${API}/backup`];
const API_TESTS = ['./apps/api/test', './test-kit', './e2e', './bench'];
/** The web app and the API apart, and no feature reaching into another: for tests too. */
const boundaries = [
  {
    target: './apps/web',
    from: './apps/api',
    message: 'The web app and the API share only packages/contracts.',
  },
  {
    target: './apps/api',
    from: './apps/web',
    message: 'The web app and the API share only packages/contracts.',
  },
  { target: './packages/contracts', from: './apps', message: 'contracts depends on nothing of the apps.' },
  {
    target: './apps/web/app/shared',
    from: './apps/web/app/features',
    message: 'Shared code must not depend on a feature.',
  },
  ...pluginBoundaries('./apps/api/src/plugins', './apps/api/src/features'),
  {
    target: './apps/api/src/shared',
    from: ['./apps/api/src/features', './apps/api/src/plugins'],
    message: 'Shared helpers depend on nothing of the app; plugins and features depend on them.',
  },
  ...featureBoundaries('./apps/web/app/features'),
  ...featureBoundaries('./apps/api/src/features'),
];

const layers = [
  {
    target: [`${API}/shared`, `${API}/config`, `${API}/paths.ts`, `${API}/logging.ts`],
    from: [`${API}/plugins`, `${API}/features`, `${API}/web`, ...API_START_UP, ...API_APP, ...API_TESTS],
    message:
      'The foundation (shared/, config/, db/) depends on nothing above it: plugins, features, web/, start-up, app.',
  },
  {
    // db/schema.ts is the index of every owner's tables (drizzle-kit and connect.ts read it): it is the one
    // file of db/ that names plugins' and features' tables.
    target: `${API}/db/!(schema).ts`,
    from: [`${API}/plugins`, `${API}/features`, `${API}/web`, ...API_START_UP, ...API_APP, ...API_TESTS],
    message:
      'The foundation (shared/, config/, db/) depends on nothing above it: plugins, features, web/, start-up, app.',
  },
  {
    target: `${API}/plugins`,
    from: [`${API}/web`, ...API_START_UP, ...API_APP, ...API_TESTS],
    message: 'A plugin depends on the foundation only, never on web/, start-up or the app.',
  },
  {
    target: [`${API}/features`, `${API}/web`],
    from: [...API_START_UP, ...API_APP, ...API_TESTS],
    message: 'Features and web/ depend on plugins and the foundation, never on start-up or the app.',
  },
  {
    target: `${API}/web`,
    from: `${API}/features`,
    message: 'web/ serves the built web app; it depends on no feature.',
  },
  {
    target: API_START_UP,
    from: [`${API}/plugins`, `${API}/features`, `${API}/web`, ...API_APP, ...API_TESTS],
    message:
      'Start-up (runtime/, OpenTelemetry) opens the foundation for server.ts and cli.ts; it never reaches into plugins or features.',
  },
  {
    target: API_APP,
    from: API_TESTS,
    message: 'The app never imports test code.',
  },
  // The web app: shared/ → features/ → the app (root.tsx, routes.ts, shell/).
  {
    target: `${WEB}/shared`,
    from: [`${WEB}/shell`, `${WEB}/root.tsx`, `${WEB}/routes.ts`],
    message: 'Shared code depends on nothing of the app: not the shell, root.tsx or routes.ts.',
  },
  {
    target: `${WEB}/features`,
    from: [`${WEB}/shell`, `${WEB}/root.tsx`, `${WEB}/routes.ts`],
    message: 'A feature depends on shared code only; the shell, root.tsx and routes.ts sit above the features.',
  },
  {
    target: `${WEB}/shell`,
    from: [`${WEB}/root.tsx`, `${WEB}/routes.ts`],
    message: 'The shell is used by root.tsx, never the reverse.',
  },
  {
    target: './test-kit',
    from: ['./apps/web', './apps/api/test', './e2e', './bench', `${API}/plugins`, `${API}/features`],
    message: "The test kit drives a portal from outside: it may use contracts and the API's shared helpers only.",
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules', '**/build', '**/dist', '**/.react-router', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      // The modules no-cycle follows: without these it reads JavaScript only, and never saw a TypeScript cycle.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...boundaries, ...layers] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/app/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },

  {
    // Tests sit above what they test: they may import the app, its start-up and one another's helpers.
    files: ['**/*.test.{ts,tsx}', 'apps/api/test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaries }] },
  },
  {
    // Playwright fixtures declare what they use by destructuring, even when that is nothing.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
