import { Type, type Static } from 'typebox';
import { CVSS_SEVERITIES } from './cvss-severity';
import { FIRMWARE_INSTRUMENT_NAMES, type FirmwareInstrumentName } from './firmware';

/**
 * The home page's "What's new" as data (home-news.ts): apart from its renderer, so the home
 * page, which only renders it, bundles no TypeBox. Each entry's `href` is the page that offers
 * it, chosen by the server.
 */
const Day = Type.String({ format: 'date' });
const Href = Type.String();

export const HomeNews = Type.Object(
  {
    /** The latest released Cornerstone version (releases' `latestRelease`), or null. */
    cornerstone: Type.Union([Type.Object({ version: Type.String(), releaseDate: Day, href: Href }), Type.Null()]),
    /** The latest live firmware of each series that has one, in the order of FIRMWARE_INSTRUMENT_NAMES. */
    firmware: Type.Array(
      Type.Object({
        instrument: Type.Unsafe<FirmwareInstrumentName>(
          Type.Union(FIRMWARE_INSTRUMENT_NAMES.map((name) => Type.Literal(name))),
        ),
        version: Type.String(),
        releaseDate: Day,
        href: Href,
      }),
    ),
    /** The newest published security advisories (not VEX statements), at most HOME_NEWS_ADVISORIES. */
    advisories: Type.Array(
      Type.Object({
        advisoryId: Type.String(),
        title: Type.String(),
        severity: Type.Union([
          Type.Unsafe<(typeof CVSS_SEVERITIES)[number]>(
            Type.Union(CVSS_SEVERITIES.map((severity) => Type.Literal(severity))),
          ),
          Type.Null(),
        ]),
        /** When its current revision was published (ISO time). */
        published: Type.String({ format: 'date-time' }),
        href: Href,
      }),
    ),
  },
  { $id: 'HomeNews' },
);
export type HomeNews = Static<typeof HomeNews>;
