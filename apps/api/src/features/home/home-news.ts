import {
  advisoryPagePath,
  compareVersions,
  CORNERSTONE_PAGE,
  FIRMWARE_INSTRUMENT_NAMES,
  HOME_NEWS_ADVISORIES,
  type AdvisoryListItem,
  type FirmwareInstrumentName,
  releaseLookupPage,
  type HomeNews,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { CatalogueSnapshot } from '../../plugins/catalogue/catalogue-snapshot';
import { latestRelease } from '../releases/queries';

declare module 'fastify' {
  interface FastifyInstance {
    /** The home page's "What's new" as the catalogue and the advisories stand now (docs/decisions/251). */
    homeNews: HomeNewsService;
  }
}

/**
 * "What's new" from the catalogue and the published advisories: the latest released
 * Cornerstone version (the one the Cornerstone page names, linked to it: its web installer
 * needs no ID), the latest live firmware of each series (the one its metadata names: the
 * highest version, linked to its firmware page), and the newest advisories, linked to their
 * pages (VEX statements say a product is not affected: not news a customer acts on).
 */
export function homeNews(
  snapshot: CatalogueSnapshot,
  advisories: readonly AdvisoryListItem[],
  today: string,
): HomeNews {
  const cornerstone = latestRelease(snapshot, today);
  const latestFirmware = new Map<string, { version: string; releaseDate: string }>();
  for (const release of snapshot.firmware.releases.values()) {
    const current = latestFirmware.get(release.instrument);
    if (!current || compareVersions(release.version, current.version) > 0)
      latestFirmware.set(release.instrument, release);
  }
  return {
    cornerstone: cornerstone
      ? { version: cornerstone.name, releaseDate: cornerstone.releaseDate, href: CORNERSTONE_PAGE }
      : null,
    firmware: FIRMWARE_INSTRUMENT_NAMES.flatMap((instrument: FirmwareInstrumentName) => {
      const release = latestFirmware.get(instrument);
      if (!release) return [];
      const { version, releaseDate } = release;
      return [{ instrument, version, releaseDate, href: releaseLookupPage({ kind: 'firmware', instrument, version }) }];
    }),
    advisories: advisories
      .filter((advisory) => advisory.kind === 'advisory')
      .toSorted((a, b) => b.currentReleaseDate.localeCompare(a.currentReleaseDate))
      .slice(0, HOME_NEWS_ADVISORIES)
      .map(({ advisoryId, title, severity, currentReleaseDate }) => ({
        advisoryId,
        title,
        severity,
        published: currentReleaseDate,
        href: advisoryPagePath(advisoryId),
      })),
  };
}

export interface HomeNewsState {
  /** The same object while nothing changed: the web app writes Home anew, in each language, only when it is another. */
  news: HomeNews;
}

/**
 * Built once per catalogue snapshot, advisories state and day (the latest Cornerstone is the
 * latest released by today), so serving Home costs a comparison of three values.
 */
export class HomeNewsService {
  private last:
    | { snapshot: CatalogueSnapshot; advisories: readonly AdvisoryListItem[]; today: string; state: HomeNewsState }
    | undefined;

  constructor(
    private readonly sources: {
      snapshot: () => Promise<CatalogueSnapshot>;
      advisories: () => Promise<readonly AdvisoryListItem[]>;
      /** Each, when it is already loaded: Home is served with no promise turn for them (as lookups are, decision 160). */
      loadedSnapshot?: () => CatalogueSnapshot | undefined;
      loadedAdvisories?: () => readonly AdvisoryListItem[] | undefined;
    },
  ) {}

  async current(now = new Date()): Promise<HomeNewsState> {
    const loadedSnapshot = this.sources.loadedSnapshot?.();
    const loadedAdvisories = this.sources.loadedAdvisories?.();
    const [snapshot, advisories] =
      loadedSnapshot && loadedAdvisories
        ? [loadedSnapshot, loadedAdvisories]
        : await Promise.all([this.sources.snapshot(), this.sources.advisories()]);
    const today = now.toISOString().slice(0, 10);
    const last = this.last;
    if (last && last.snapshot === snapshot && last.advisories === advisories && last.today === today) return last.state;
    const news = homeNews(snapshot, advisories, today);
    const state = { news };
    this.last = { snapshot, advisories, today, state };
    return state;
  }
}

export default fp(
  async function homeNewsPlugin(app: FastifyInstance) {
    app.decorate(
      'homeNews',
      new HomeNewsService({
        snapshot: () => app.catalogue.get(),
        advisories: async () => (await app.advisories.published.get()).list,
        loadedSnapshot: () => app.catalogue.loaded(),
        loadedAdvisories: () => app.advisories.published.loaded()?.list,
      }),
    );
  },
  { name: 'home-news', dependencies: ['catalogue', 'advisories'] },
);
