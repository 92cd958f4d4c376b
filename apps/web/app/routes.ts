import {
  ALL_LANGUAGES,
  DOWNLOAD_LINK_PAGE,
  FEED_FILE_PAGE,
  isTranslatedPage,
  LANGUAGE_PREFIXES,
  SIGN_IN_PATHS,
} from '@portal/contracts';
import { type RouteConfig, index, route } from '@react-router/dev/routes';
import {
  ADVISORY_DRAFT,
  DESTINATIONS,
  NEW_ADVISORY,
  PUBLIC_ADVISORY,
  PUBLISHING_DRAFT_PAGE,
  type DestinationName,
} from './shared/navigation/navigation';

/**
 * The route module of every destination of the navigation registry. Keyed by destination
 * name, so a destination without a page, or a page for a destination that does not exist,
 * fails the typecheck. Module paths stay here, out of the registry the browser loads.
 */
const DESTINATION_MODULES = {
  home: 'features/home/home-page.tsx',
  cornerstone: 'features/cornerstone/cornerstone-page.tsx',
  cornerstoneMobile: 'features/cornerstone-mobile/mobile-page.tsx',
  cornerstoneOffline: 'features/releases/offline-installer-page.tsx',
  cornerstonePibs: 'features/bulletins/cornerstone-pibs-page.tsx',
  cornerstoneDsvs: 'features/validation-docs/dsv-page.tsx',
  chromatof: 'features/chromatof/chromatof-page.tsx',
  chromatofPibs: 'features/bulletins/chromatof-pibs-page.tsx',
  metallographics: 'features/metallographics/metallographics-page.tsx',
  px: 'features/metallographics/px-page.tsx',
  mx: 'features/metallographics/mx-page.tsx',
  cx: 'features/metallographics/cx-page.tsx',
  pxFirmware: 'features/firmware/px-firmware-page.tsx',
  mxFirmware: 'features/firmware/mx-firmware-page.tsx',
  cxFirmware: 'features/firmware/cx-firmware-page.tsx',
  service: 'features/service-hub/service-page.tsx',
  serviceReleases: 'features/releases/releases-page.tsx',
  serviceProductsOptions: 'features/configurations/products-options-page.tsx',
  serviceMode: 'features/service-keys/service-mode-page.tsx',
  servicePasswordReset: 'features/password-reset/password-reset-page.tsx',
  serviceChromatofReleases: 'features/chromatof/chromatof-releases-page.tsx',
  serviceComponents: 'features/sboms/components-page.tsx',
  serviceUsage: 'features/usage/usage-page.tsx',
  servicePeople: 'features/people/people-page.tsx',
  serviceAudit: 'features/audit/audit-page.tsx',
  servicePublishing: 'features/publishing/publishing-page.tsx',
  serviceTokens: 'features/api-tokens/api-tokens-page.tsx',
  serviceSecurity: 'features/security/staff/security-page.tsx',
  privacy: 'features/privacy/privacy-page.tsx',
  security: 'features/security/public/advisories-page.tsx',
  securityPolicy: 'features/security/public/policy-page.tsx',
} as const satisfies Record<DestinationName, string>;

/** The optional language segment of the pages offered in every language (react-router.config.ts reads it). */
export const LANGUAGE_SEGMENT = ':lang?';
/** The ID of Home's route in a language other than English: `home-in-de`. */
export const HOME_IN_LANGUAGE = 'home-in-';

/** Route paths are relative to the root route: the registry's URL without its leading '/'. */
const routePath = (url: string) => url.replace(/^\//, '');

/**
 * A page offered in every language (TRANSLATED_PAGES) is one route for all of them: its
 * English address, optionally after a language prefix (`/de/…`, docs/decisions/281-customer-pages-in-six-languages.md). Only the
 * languages' own addresses are prerendered and served; the API answers any other with 404.
 * Home is the exception: an optional segment alone would match every unknown one-segment
 * address, so each language's Home is a route of its own (`home-in-de`, …).
 */
const inEveryLanguage = (url: string) => (isTranslatedPage(url) ? `${LANGUAGE_SEGMENT}${url}` : routePath(url));

const destinationRoutes = (Object.keys(DESTINATION_MODULES) as DestinationName[]).flatMap((name) => {
  const { url } = DESTINATIONS[name];
  if (url !== '/') return [route(inEveryLanguage(url), DESTINATION_MODULES[name])];
  return [
    index(DESTINATION_MODULES[name]),
    ...ALL_LANGUAGES.filter((language) => language !== 'en').map((language) =>
      route(LANGUAGE_PREFIXES[language].slice(1), DESTINATION_MODULES[name], { id: `${HOME_IN_LANGUAGE}${language}` }),
    ),
  ];
});

export default [
  ...destinationRoutes,
  // Not places of the site (no menu entry, no breadcrumbs), so not in the registry.
  route(routePath(SIGN_IN_PATHS.landing), 'features/sign-in/auth-page.tsx'),
  // Browser-only, in every language (TRANSLATED_BROWSER_PAGES): they read their query.
  route(inEveryLanguage(DOWNLOAD_LINK_PAGE), 'features/files/download-link-page.tsx'),
  route(inEveryLanguage(FEED_FILE_PAGE), 'features/feeds/feed-file-page.tsx'),
  // A draft of the Publishing screen: addressed by its ID.
  route(routePath(PUBLISHING_DRAFT_PAGE), 'features/publishing/draft-page.tsx'),
  // A new advisory draft, a draft by its ID, and one published advisory by its ID.
  route(routePath(NEW_ADVISORY.url), 'features/security/staff/new-draft-page.tsx'),
  route(routePath(ADVISORY_DRAFT.url), 'features/security/staff/draft-page.tsx'),
  route(inEveryLanguage(PUBLIC_ADVISORY.url), 'features/security/public/advisory-page.tsx'),
  route('*', 'features/not-found/not-found-page.tsx'),
] satisfies RouteConfig;
