import { readdirSync } from 'node:fs';
import path from 'node:path';
import { languageOfPath, pathWithoutLanguage } from '@portal/contracts';
import { expect, test } from './fixtures';
import { REPO_ROOT } from '../test-kit/portal-process';

/**
 * Every prerendered English page of the build, by its route path, and each other language's
 * home page: a page in another language is the same page with another import map, and its
 * home page has that language's import map (docs/decisions/281-customer-pages-in-six-languages.md).
 */
function prerenderedPaths(): string[] {
  const clientDir = path.join(REPO_ROOT, 'apps/web/build/client');
  return readdirSync(clientDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('index.html'))
    .map((file) => `/${path.dirname(file)}`.replace(/\/\.$/, '/'))
    .filter((pagePath) => languageOfPath(pagePath) === 'en' || pathWithoutLanguage(pagePath) === '/');
}

const pagePaths = prerenderedPaths();

// A build without pages (or a path that changed) would make the loop below run nothing and pass.
test('the build has the prerendered pages this check walks', () => {
  expect(pagePaths).toEqual(expect.arrayContaining(['/', '/cornerstone', '/privacy', '/de', '/zh-hans']));
});

for (const pagePath of pagePaths) {
  test(`${pagePath} runs under the strict Content-Security-Policy without a violation`, async ({
    page,
    pageProblems,
  }) => {
    const response = await page.goto(pagePath);
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self' 'sha256-");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    // Hydrated: React Router has taken over the page, so every inline script ran.
    await page.waitForFunction(() => '__reactRouterDataRouter' in window);
    expect(pageProblems).toEqual([]);
  });
}
