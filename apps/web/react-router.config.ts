import { DOWNLOAD_LINK_PAGE, SIGN_IN_PATHS } from '@portal/contracts';
import type { Config } from '@react-router/dev/config';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DESTINATIONS } from './app/shared/navigation/navigation';

/**
 * Staff screens and the sign-in landing depend on the browser's sign-in, and the broken
 * download link page on its query, so they are not prerendered.
 */
const BROWSER_ONLY = (routePath: string) =>
  routePath.startsWith(`${DESTINATIONS.service.url}/`) ||
  routePath === SIGN_IN_PATHS.landing ||
  routePath === DOWNLOAD_LINK_PAGE;

export default {
  ssr: false,
  routeDiscovery: { mode: 'initial' },
  async prerender({ getStaticPaths }) {
    return [...getStaticPaths().filter((routePath) => !BROWSER_ONLY(routePath)), '/404'];
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
    const patterns = Object.keys(routes)
      .map(fullPath)
      .filter((pattern) => !pattern.endsWith('*'));
    await writeFile(
      path.join(buildDirectory, 'client-routes.json'),
      `${JSON.stringify([...new Set(patterns)], null, 2)}\n`,
    );
  },
} satisfies Config;
