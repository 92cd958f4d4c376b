import type { ADVISORY_PRODUCT_PARAM, PublishedFileSort } from '@portal/contracts';
import { ADVISORY_PAGES, CORNERSTONE_PAGE, SECURITY_ACCESS, type StaffAccess } from '@portal/contracts';

/**
 * The one navigation registry: every place of the site, the menu groups and the
 * breadcrumb trails are derived from here, so no URL is typed twice (STYLE: a typed
 * route registry). SPEC §3: a destination has a title, a url, isExternal and
 * breadcrumbs; a group has a title, children and a destination.
 */
export interface Destination {
  readonly title: string;
  readonly url: string;
  readonly isExternal?: boolean;
  /** The trail above this destination, from Home down; the destination itself is not in it. */
  readonly breadcrumbs: readonly Destination[];
  /** Reachable, but never offered as a menu item (the firmware pages). */
  readonly hidden?: boolean;
  /**
   * A staff tool's one access rule (docs/staff-roles.md): any signed-in staff member, or a
   * role. The staff page frame and the service hub's tiles both read it from here.
   */
  readonly access?: StaffAccess;
}

export interface NavigationGroup {
  readonly title: string;
  readonly children: readonly Destination[];
  readonly destination: Destination;
}

function place(
  title: string,
  url: string,
  parent?: Destination,
  options: { hidden?: boolean; access?: StaffAccess } = {},
): Destination {
  return { title, url, breadcrumbs: parent ? [...parent.breadcrumbs, parent] : [], ...options };
}

const home = place('Home', '/');
const cornerstone = place('Cornerstone', CORNERSTONE_PAGE, home);
const chromatof = place('ChromaTOF', '/chromatof', home);
const metallographics = place('Metallographics', '/metallographics', home);
const px = place('PX Series', '/metallographics/px', metallographics);
const mx = place('MX Series', '/metallographics/mx', metallographics);
const cx = place('CX Series', '/metallographics/cx', metallographics);
const service = place('Service', '/service', home);
/** The public security advisories (docs/security-advisories.md): a place of the site, not of the menu. */
const securityPage = place('Security Advisories', ADVISORY_PAGES.list, home, { hidden: true });
/** A staff tool under the service page, with who may use it. */
const staffTool = (title: string, url: string, access: StaffAccess) => place(title, url, service, { access });

export const DESTINATIONS = {
  home,
  cornerstone,
  cornerstoneMobile: place('Cornerstone Mobile', '/cornerstone/mobile', cornerstone),
  cornerstoneOffline: place('Offline Installer', '/cornerstone/offline', cornerstone),
  cornerstonePibs: place('PIBs', '/cornerstone/pibs', cornerstone),
  cornerstoneDsvs: place('Declaration of Software Validation', '/cornerstone/dsvs', cornerstone),
  chromatof,
  chromatofPibs: place('ChromaTOF PIBs', '/chromatof/pibs', chromatof),
  metallographics,
  px,
  mx,
  cx,
  pxFirmware: place('PX Firmware', '/metallographics/px/firmware', px, { hidden: true }),
  mxFirmware: place('MX Firmware', '/metallographics/mx/firmware', mx, { hidden: true }),
  cxFirmware: place('CX Firmware', '/metallographics/cx/firmware', cx, { hidden: true }),
  service,
  serviceReleases: staffTool('Releases & PIBs', '/service/cornerstone/releases', 'staff'),
  serviceProductsOptions: staffTool('Products & Options', '/service/cornerstone/products-options', 'staff'),
  serviceMode: staffTool('Service Mode', '/service/cornerstone/service-mode', 'service'),
  servicePasswordReset: staffTool('Password Reset', '/service/cornerstone/password-reset', 'service'),
  serviceChromatofReleases: staffTool('ChromaTOF Releases', '/service/chromatof/releases', 'staff'),
  serviceComponents: staffTool('Components', '/service/components', 'staff'),
  serviceUsage: staffTool('Usage', '/service/usage', 'admin'),
  servicePeople: staffTool('People', '/service/people', 'admin'),
  serviceAudit: staffTool('Audit Log', '/service/audit', 'admin'),
  servicePublishing: staffTool('Publishing', '/service/publishing', 'publisher'),
  serviceTokens: staffTool('API Tokens', '/service/tokens', 'publisher'),
  serviceSecurity: staffTool('Security Advisories', ADVISORY_PAGES.staff, SECURITY_ACCESS),
  privacy: place('Privacy', '/privacy', home),
  security: securityPage,
  securityPolicy: place('Reporting a Vulnerability', ADVISORY_PAGES.policy, securityPage),
} as const satisfies Record<string, Destination>;

export type DestinationName = keyof typeof DESTINATIONS;

/**
 * A draft of the Publishing screen (docs/publishing.md#the-draft-screen): a page of its own,
 * addressed by the draft's ID, so it is not a place of the menu; `draftHref` makes its link.
 */
export const PUBLISHING_DRAFT_PAGE = '/service/publishing/drafts/:draftId';
export const PUBLISHING_DRAFT: Destination = place('Draft', PUBLISHING_DRAFT_PAGE, DESTINATIONS.servicePublishing, {
  hidden: true,
  access: 'publisher',
});
export const draftHref = (draftId: string) => PUBLISHING_DRAFT_PAGE.replace(':draftId', encodeURIComponent(draftId));

/**
 * The pages of the Security Advisories screen and the public advisory page, each addressed
 * by an ID (`advisoryDraftPagePath`, `advisoryPagePath` in the contracts make their links).
 */
export const NEW_ADVISORY: Destination = place('New Draft', ADVISORY_PAGES.newDraft, DESTINATIONS.serviceSecurity, {
  hidden: true,
  access: SECURITY_ACCESS,
});
export const ADVISORY_DRAFT: Destination = place('Draft', ADVISORY_PAGES.draft, DESTINATIONS.serviceSecurity, {
  hidden: true,
  access: SECURITY_ACCESS,
});
export const PUBLIC_ADVISORY: Destination = place('Advisory', ADVISORY_PAGES.advisory, DESTINATIONS.security, {
  hidden: true,
});

/** The query parameter of the lookup screens; on ChromaTOF PIBs it carries the key ID (SPEC §2). */
export const LOOKUP_PARAM = 'registrationId';

/** The query string each destination reads; a destination not named here takes none. */
export interface DestinationQueries {
  cornerstoneOffline: { [LOOKUP_PARAM]: string };
  cornerstonePibs: { [LOOKUP_PARAM]: string };
  cornerstoneDsvs: { [LOOKUP_PARAM]: string };
  chromatofPibs: { [LOOKUP_PARAM]: string };
  /** 'false' turns the 'Only show versions with software downloads' switch off. */
  serviceReleases: { onlyWithDownloads?: 'false' };
  serviceProductsOptions: { family?: string; filter?: string };
  /** The date range of the Usage screen, in days (7, 30, 90 or 365). */
  serviceUsage: { days: string };
  /** Part of an address: the People screen lists only the people whose address contains it. */
  servicePeople: { filter?: string };
  /** The component search (docs/sbom.md): a name or package-URL prefix, and a version or VERS range. */
  serviceComponents: { q?: string; version?: string };
  /** The Audit Log's filters (`features/audit/audit-filters.ts`) and its page (`before`: the previous page's nextBefore). */
  serviceAudit: { actor?: string; action?: string; from?: string; to?: string; before?: string };
  /**
   * One change of the history (its number), shown with its full diff; or the published
   * files' view (`features/publishing/published-files-filter.ts`): a text, live or withdrawn only, the order and
   * the page (a cursor the server gave).
   */
  servicePublishing: {
    change?: string;
    file?: string;
    show?: 'live' | 'withdrawn';
    sort?: PublishedFileSort;
    page?: string;
    rows?: string;
    /** The change history's page: changes numbered below this one. */
    changes?: string;
  };
  /** The advisories that name this product (ADVISORY_PRODUCT_PARAM): a label as the list gives it. */
  security: { [ADVISORY_PRODUCT_PARAM]?: string };
}

type QueryArgument<Name extends DestinationName> = Name extends keyof DestinationQueries
  ? [query?: DestinationQueries[Name]]
  : [];

/**
 * The URL of an internal link: a destination's name and, where it reads one, its typed query
 * (`href('cornerstonePibs', { registrationId })`), so no internal URL is concatenated by hand.
 */
export function href<Name extends DestinationName>(name: Name, ...[query]: QueryArgument<Name>): string {
  const { url } = DESTINATIONS[name];
  const given = Object.entries(query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const search = new URLSearchParams(given).toString();
  return search ? `${url}?${search}` : url;
}

const D = DESTINATIONS;

/** The menu, in order. A group with one child is a plain link; with more, a dropdown. */
export const NAVIGATION_GROUPS: readonly NavigationGroup[] = [
  {
    title: 'Cornerstone',
    destination: D.cornerstone,
    children: [D.cornerstone, D.cornerstoneMobile, D.cornerstoneOffline, D.cornerstonePibs, D.cornerstoneDsvs],
  },
  { title: 'ChromaTOF', destination: D.chromatof, children: [D.chromatof, D.chromatofPibs] },
  {
    title: 'Metallographics',
    destination: D.metallographics,
    children: [D.metallographics, D.px, D.mx, D.cx, D.pxFirmware, D.mxFirmware, D.cxFirmware],
  },
  { title: 'Service', destination: D.service, children: [D.service] },
];

/** What a group offers as menu items: its children less the hidden ones. */
export function menuItems(group: NavigationGroup): readonly Destination[] {
  return group.children.filter((child) => !child.hidden);
}

export function isDropdown(group: NavigationGroup): boolean {
  return menuItems(group).length > 1;
}

/** The path of a URL or location, without query string, fragment or trailing slash. */
function pathOf(location: string): string {
  const pathname = location.split(/[?#]/, 1)[0]!;
  return pathname.replace(/\/+$/, '') || '/';
}

function isUnder(pathname: string, url: string): boolean {
  return pathname === url || pathname.startsWith(`${url}/`);
}

/**
 * The group to highlight for a location: the one whose destination or child URL is the
 * longest prefix of the path, whole segments only, the query string ignored.
 */
export function activeGroup(location: string): NavigationGroup | undefined {
  const pathname = pathOf(location);
  let best: { group: NavigationGroup; length: number } | undefined;
  for (const group of NAVIGATION_GROUPS) {
    for (const { url, isExternal } of [group.destination, ...group.children]) {
      if (isExternal || url === '/' || !isUnder(pathname, url)) continue;
      if (!best || url.length > best.length) best = { group, length: url.length };
    }
  }
  return best?.group;
}

export function findDestination(location: string): Destination | undefined {
  const pathname = pathOf(location).toLowerCase();
  return Object.values(DESTINATIONS).find((destination: Destination) => destination.url === pathname);
}

/** The breadcrumb trail ending at the current page; empty on Home and on unknown paths. */
export function breadcrumbTrail(location: string): readonly Destination[] {
  const destination = findDestination(location);
  if (!destination || destination.url === '/') return [];
  return [...destination.breadcrumbs, destination];
}
