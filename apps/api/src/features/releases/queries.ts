/**
 * What other features may ask of the Cornerstone releases: read-only queries, the feature's
 * public entry (docs/decisions/105-catalogue-sections-own-their-tables.md). The home page's
 * "What's new" names the latest released version, as the Cornerstone page does.
 */
export { latestRelease } from './releases';
