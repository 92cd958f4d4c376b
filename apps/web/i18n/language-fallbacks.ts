/**
 * Each language's SPA fallback page (docs/decisions/281-customer-pages-in-six-languages.md).
 * A browser-only page offered in every language (TRANSLATED_BROWSER_PAGES: one advisory,
 * `/de/security/ACME-SA-2026-0001`) is rendered in the browser from the page the server
 * answers its address with. React Router writes one such page, `__spa-fallback.html`,
 * rendered at '/': English words, `<html lang="en">` and, once first-paint.mjs has read it,
 * English's import map. This plugin renders the same page at each other language's prefix
 * (`/de`), as React Router renders its own, and writes it beside that language's pages
 * (`de/__spa-fallback.html`); the server picks it by the address's prefix.
 *
 * It runs when the prerendering (server) build is written, before React Router prerenders
 * from that build and removes it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import { ALL_LANGUAGES, LANGUAGE_PREFIXES, SOURCE_LANGUAGE } from './languages.ts';

export const SPA_FALLBACK_FILE = '__spa-fallback.html';

export function languageFallbacks(): Plugin {
  return {
    name: 'portal:language-fallbacks',
    apply: 'build',
    writeBundle: {
      order: 'pre',
      sequential: true,
      async handler(options, bundle) {
        if (this.environment.config.consumer !== 'server' || !options.dir) return;
        const entry = Object.values(bundle).find((output) => output.type === 'chunk' && output.isEntry);
        if (!entry) this.error('The prerendering build has no entry module');
        const build = await import(pathToFileURL(path.join(options.dir, entry.fileName)).href);
        const { createRequestHandler } = await import('react-router');
        const handler = createRequestHandler(build, 'production');
        const clientDir = path.join(options.dir, '..', 'client');
        // React Router answers a build's request in SPA mode (the root route alone) only while it builds.
        const building = process.env.IS_RR_BUILD_REQUEST;
        process.env.IS_RR_BUILD_REQUEST = 'yes';
        try {
          for (const language of ALL_LANGUAGES) {
            if (language === SOURCE_LANGUAGE) continue;
            const prefix = LANGUAGE_PREFIXES[language];
            const response = await handler(
              new Request(`http://localhost${prefix}`, { headers: { 'X-React-Router-SPA-Mode': 'yes' } }),
            );
            const html = await response.text();
            if (response.status !== 200 || !html.includes('"isSpaMode":true'))
              this.error(`The SPA fallback at ${prefix} came out as ${response.status}:\n${html.slice(0, 500)}`);
            await mkdir(path.join(clientDir, prefix.slice(1)), { recursive: true });
            await writeFile(path.join(clientDir, prefix.slice(1), SPA_FALLBACK_FILE), html);
          }
        } finally {
          if (building === undefined) delete process.env.IS_RR_BUILD_REQUEST;
          else process.env.IS_RR_BUILD_REQUEST = building;
        }
      },
    },
  };
}
