import {
  DOWNLOAD_LINK_PAGE,
  DOWNLOAD_LINK_PROBLEMS,
  DOWNLOAD_LOOKUPS,
  pathWithoutLanguage,
  type DownloadLinkProblem,
  type DownloadLookup,
} from '@portal/contracts';
import { useLocation, useSearchParams } from 'react-router';
import { ContactMaker } from '../../shared/components/contact-maker';
import { HomeLink } from '../../shared/components/home-link';
import { LanguageAlternates } from '../../shared/i18n/language-alternates';
import { LocalLink } from '../../shared/i18n/local-link';
import type { Tag } from '../../shared/i18n/message';
import { makerName } from '../../shared/maker-name';
import { DESTINATIONS, type Destination, type DestinationName } from '../../shared/navigation/navigation';
import { placeName } from '../../shared/navigation/place-name';
import { pageMeta } from '../../shared/page-meta';
import page from '../../styles/page.module.css';
import * as m from './download-link.messages';

/**
 * What the page says for each problem the file endpoint names
 * (docs/decisions/091-broken-download-links-lead-people-to-a-page.md), in the page's language:
 * read when the page renders. The withdrawn file's title, in English, is what the file's link
 * answers a program (fileWithdrawnMessage) without its full stop (i18n/server-words.test.ts).
 */
function downloadLinkTexts(problem: DownloadLinkProblem): { title: string; text: string } {
  switch (problem) {
    case 'expired':
      return { title: m.expiredTitle, text: m.expiredText };
    case 'withdrawn':
      return { title: m.withdrawnTitle({ maker: makerName() }), text: m.withdrawnText };
    default:
      return { title: m.invalidTitle, text: m.invalidText };
  }
}

/** The page of each lookup the file endpoint may name for an expired link. */
const LOOKUP_PAGES: Record<DownloadLookup, DestinationName> = {
  'offline-installer': 'cornerstoneOffline',
  pibs: 'cornerstonePibs',
  dsvs: 'cornerstoneDsvs',
  chromatof: 'chromatof',
  'chromatof-pibs': 'chromatofPibs',
  'service-releases': 'serviceReleases',
  'service-chromatof-releases': 'serviceChromatofReleases',
};

/** Every place a customer gets files, offered when the server cannot say which one a link came from. */
const everyLookup = (): { name: DestinationName; text: string }[] => [
  { name: 'cornerstoneOffline', text: m.offlineInstallers },
  { name: 'cornerstonePibs', text: m.cornerstonePibs },
  { name: 'cornerstoneDsvs', text: m.cornerstoneDsvs },
  { name: 'chromatof', text: m.chromatofDownloads },
  { name: 'chromatofPibs', text: m.chromatofPibs },
  { name: 'pxFirmware', text: m.pxFirmware },
  { name: 'mxFirmware', text: m.mxFirmware },
  { name: 'cxFirmware', text: m.cxFirmware },
];

export const meta = () => pageMeta(m.title, m.description);

/**
 * Only a page of this site's navigation is a way back: the query is never trusted as an
 * address. It may be given in any language (`/de/cornerstone/pibs`); the way back is in the
 * page's own.
 */
function destinationAt(path: string | null): Destination | undefined {
  if (!path) return undefined;
  const english = pathWithoutLanguage(path);
  return Object.values(DESTINATIONS).find((destination) => destination.url === english && destination.url !== '/');
}

function lookupNamed(value: string | null): Destination | undefined {
  const lookup = DOWNLOAD_LOOKUPS.find((known) => known === value);
  return lookup && DESTINATIONS[LOOKUP_PAGES[lookup]];
}

/**
 * Where the file endpoint sends a person who opened a download link that has expired, was
 * changed, or leads to a file that has been withdrawn (docs/publishing.md). An expired link names its file and lookup (its signature vouches for them),
 * so the page leads to that lookup; otherwise back to the page the link was found on, and
 * to every lookup. No address here carries a registration ID. Browser-only, in every language
 * (TRANSLATED_BROWSER_PAGES): the API sends a person to it in the language of the page the
 * link was on.
 */
export default function DownloadLinkPage() {
  const [params] = useSearchParams();
  const { search } = useLocation();
  const problem: DownloadLinkProblem =
    DOWNLOAD_LINK_PROBLEMS.find((known) => known === params.get('problem')) ?? 'invalid';
  const { title, text } = downloadLinkTexts(problem);
  const lookup = problem === 'expired' ? lookupNamed(params.get('lookup')) : undefined;
  const fileName = problem === 'invalid' ? null : params.get('file');
  const from = destinationAt(params.get('from'));
  const bold: Tag = (chunks, key) => (
    <strong key={key} translate="no">
      {chunks}
    </strong>
  );
  return (
    <>
      <LanguageAlternates englishPath={`${DOWNLOAD_LINK_PAGE}${search}`} />
      <h1>{title}</h1>
      <p className={page.lead}>{text}</p>
      {problem === 'withdrawn' && (
        <p>
          {m.questions} <ContactMaker capital />
        </p>
      )}
      {fileName && (
        <p>
          {lookup
            ? m.linkToFileOnPage({ file: fileName, page: placeName(lookup), b: bold })
            : m.linkToFile({ file: fileName, b: bold })}
        </p>
      )}
      {lookup ? (
        <p>
          <LocalLink className={page.button} to={lookup.url}>
            {m.lookUpAgain}
          </LocalLink>
        </p>
      ) : (
        <>
          {from && (
            <p>
              <LocalLink className={page.button} to={from.url}>
                {m.backTo({ page: placeName(from) })}
              </LocalLink>
            </p>
          )}
          <h2>{m.lookUpAgain}</h2>
          <ul>
            {everyLookup().map(({ name, text }) => (
              <li key={name}>
                <LocalLink to={DESTINATIONS[name].url}>{text}</LocalLink>
              </li>
            ))}
          </ul>
          <p>
            <HomeLink />
          </p>
        </>
      )}
    </>
  );
}
