import {
  ALL_LANGUAGES,
  LANGUAGE_PREFIXES,
  DOWNLOAD_LINK_PAGE,
  FEED_FILE_PAGE,
  pathInLanguage,
  SIGN_IN_PATHS,
  TRANSLATED_PAGES,
} from '@portal/contracts';
import type { Config } from '@react-router/dev/config';
import { readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DESTINATIONS } from './app/shared/navigation/navigation';
import { LANGUAGE_SEGMENT } from './app/routes';

/**
 * Staff screens and the sign-in landing depend on the browser's sign-in, and the broken
 * download link page and a feed's file page on their query, so they are not prerendered.
 */
const BROWSER_ONLY = (routePath: string) =>
  routePath.startsWith(`${DESTINATIONS.service.url}/`) ||
  routePath === SIGN_IN_PATHS.landing ||
  routePath === DOWNLOAD_LINK_PAGE ||
  routePath === FEED_FILE_PAGE;

export default {
  ssr: false,
  // Each of React Router v8's changes decided, instead of a warning per flag on every build
  // (docs/decisions/097). Taken now: those that change nothing for a prerendered app without
  // middleware, server loaders or data requests. Kept at v7: trailing-slash-aware requests,
  // which prerender '/service' as '/service/' (the shell would render for the wrong path),
  // and the two that change how the client is bundled, to be switched with the bundle-size
  // and Lighthouse checks at hand.
  future: {
    v8_middleware: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
  },
  routeDiscovery: { mode: 'initial' },
  // Every public page in English, and the pages offered in every language in each of them
  // (the pseudo-language's too, for the tests: docs/decisions/281-customer-pages-in-six-languages.md).
  async prerender({ getStaticPaths }) {
    // getStaticPaths leaves out the routes with a parameter: the translated pages' `:lang?` too.
    const english = [...getStaticPaths().filter((routePath) => !BROWSER_ONLY(routePath)), '/', '/404'];
    const languages = ALL_LANGUAGES.flatMap((language) =>
      TRANSLATED_PAGES.map((page) => pathInLanguage(page, language)),
    );
    return [...new Set([...english, ...languages])];
  },
  // The API server needs the route table to tell a browser-only route (SPA fallback, 200)
  // from an unknown path (not-found page, 404).
  async buildEnd({ reactRouterConfig }) {
    const { routes, buildDirectory } = reactRouterConfig;
    const fullPath = (id: string): string => {
      const route = routes[id]!;
      const parent = route.parentId ? fullPath(route.parentId) : '';
      return route.path ? `${parent.replace(/\/$/, '')}/${route.path}` : parent || '/';
    };
    // A page offered in every language is prerendered in each: none of its addresses is
    // browser-only, unless it is a browser-only page (TRANSLATED_BROWSER_PAGES: not in
    // TRANSLATED_PAGES, with a parameter or reading its query): then each language's addresses
    // are (`/security/:advisoryId`, `/de/security/:advisoryId`, `/download-link`,
    // `/de/download-link`, …), and the server answers them with that language's SPA fallback
    // (i18n/language-fallbacks.ts).
    const inEachLanguage = (pattern: string) =>
      ALL_LANGUAGES.map((language) => pattern.replace(`/${LANGUAGE_SEGMENT}`, LANGUAGE_PREFIXES[language]));
    const browserOnlyInEachLanguage = (pattern: string) =>
      pattern.includes(LANGUAGE_SEGMENT) &&
      !TRANSLATED_PAGES.includes(pattern.replace(`/${LANGUAGE_SEGMENT}`, '') || '/');
    const patterns = Object.keys(routes)
      .map(fullPath)
      .flatMap((pattern) => (browserOnlyInEachLanguage(pattern) ? inEachLanguage(pattern) : [pattern]))
      .filter((pattern) => !pattern.endsWith('*') && !pattern.includes(LANGUAGE_SEGMENT))
      // Each language's Home is prerendered too.
      .filter(
        (pattern) => !ALL_LANGUAGES.some((language) => language !== 'en' && pattern === LANGUAGE_PREFIXES[language]),
      );
    // A lookup's build-time loader (its idle state, run-lookup.ts) is written beside its page
    // as `<page>.data` too. No browser asks for it (the lookup's clientLoader never calls the
    // server loader), so the build leaves it out rather than serve it.
    const clientDirectory = path.join(buildDirectory, 'client');
    const files = await readdir(clientDirectory, { recursive: true, withFileTypes: true });
    await Promise.all(
      files
        .filter((file) => file.isFile() && file.name.endsWith('.data'))
        .map((file) => rm(path.join(file.parentPath, file.name))),
    );
    await writeFile(
      path.join(buildDirectory, 'client-routes.json'),
      `${JSON.stringify([...new Set(patterns)], null, 2)}\n`,
    );
  },
} satisfies Config;
