import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { REPO_ROOT } from '../test-kit/portal-process';

/** Every prerendered page of the build, by its route path. */
function prerenderedPaths(): string[] {
  const clientDir = path.join(REPO_ROOT, 'apps/web/build/client');
  return readdirSync(clientDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('index.html'))
    .map((file) => `/${path.dirname(file)}`.replace(/\/\.$/, '/'));
}

const pagePaths = prerenderedPaths();

// A build without pages (or a path that changed) would make the loop below run nothing and pass.
test('the build has the prerendered pages this check walks', () => {
  expect(pagePaths).toEqual(expect.arrayContaining(['/', '/cornerstone', '/privacy']));
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
