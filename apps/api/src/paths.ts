import { fileURLToPath } from 'node:url';

// This file sits directly under src/ and its bundle directly under dist/, so one relative
// path serves both the sources (tests) and the build (npm start).
export const MIGRATIONS_DIR = fileURLToPath(new URL('../drizzle', import.meta.url));
export const WEB_BUILD_DIR = fileURLToPath(new URL('../../web/build', import.meta.url));
