// @ts-check
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

/** Each feature of an app may use shared code and contracts, never another feature. */
function featureBoundaries(featuresDir) {
  const features = readdirSync(featuresDir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return features.map(({ name }) => ({
    target: `${featuresDir}/${name}`,
    from: featuresDir,
    except: [`./${name}`],
    message: 'A feature must not reach into another feature; move what both need to shared code or contracts.',
  }));
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
            {
              target: './apps/api/src/plugins',
              from: './apps/api/src/features',
              message: 'A shared service must not depend on a feature; features depend on plugins.',
            },
            {
              target: './apps/api/src/shared',
              from: ['./apps/api/src/features', './apps/api/src/plugins'],
              message: 'Shared helpers depend on nothing of the app; plugins and features depend on them.',
            },
            {
              target: ['./apps/api/src/features', './apps/api/src/plugins', './apps/api/src/shared'],
              from: './apps/api/src/tracing',
              message:
                'OpenTelemetry tracing (src/tracing) is loaded by server.ts alone, and only with OTEL_EXPORTER_OTLP_ENDPOINT (decision 096).',
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
