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

export default tseslint.config(
  { ignores: ['**/node_modules', '**/build', '**/dist', '**/.react-router', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
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
          ],
        },
      ],
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['apps/web/app/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },

  {
    // Playwright fixtures declare what they use by destructuring, even when that is nothing.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
