import { fileURLToPath } from 'node:url';

// This file sits directly under src/ and its bundle directly under dist/, so one relative
// path serves both the sources (tests) and the build (npm start).
export const MIGRATIONS_DIR = fileURLToPath(new URL('../drizzle', import.meta.url));
export const WEB_BUILD_DIR = fileURLToPath(new URL('../../web/build', import.meta.url));
/** The demo catalogue, imported on first start (docs/demo-data.md). */
export const DEMO_CATALOGUE_DIR = fileURLToPath(new URL('../demo-catalogue', import.meta.url));
/** The demo advisories in the demo catalogue's folder: drafts in the form the API takes, published on first start. */
export const DEMO_ADVISORIES_FILE = 'advisories.json';
