import {
  DOWNLOAD_LINK_PROBLEMS,
  DOWNLOAD_LOOKUPS,
  fileWithdrawnMessage,
  type DownloadLinkProblem,
  type DownloadLookup,
} from '@portal/contracts';
import { Link, useSearchParams } from 'react-router';
import { ContactMaker } from '../../shared/components/contact-maker';
import { HomeLink } from '../../shared/components/home-link';
import { makerName } from '../../shared/maker-name';
import { DESTINATIONS, type Destination, type DestinationName } from '../../shared/navigation/navigation';
import { pageMeta } from '../../shared/page-meta';
import page from '../../styles/page.module.css';

/** What the page says for each problem the file endpoint names (docs/decisions/091-broken-download-links-lead-people-to-a-page.md). */
export const DOWNLOAD_LINK_TEXTS: Record<DownloadLinkProblem, { title: string; text: string }> = {
  expired: {
    title: 'This download link has expired',
    text: 'Download links work for one hour after a lookup. Look the file up again to get a new link.',
  },
  invalid: {
    title: 'This download link does not work',
    text: 'The link is incomplete or has been changed. Look the file up again to get a link that works.',
  },
  withdrawn: {
    // The title names the maker (fileWithdrawnMessage): it is written when the page is shown.
    title: '',
    text: 'The file is no longer offered. Its record remains; the lookups list what replaces it, if anything.',
  },
};

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
const EVERY_LOOKUP: { name: DestinationName; text: string }[] = [
  { name: 'cornerstoneOffline', text: 'Cornerstone offline installers' },
  { name: 'cornerstonePibs', text: 'Cornerstone product information bulletins (PIBs)' },
  { name: 'cornerstoneDsvs', text: 'Cornerstone declarations of software validation (DSVs)' },
  { name: 'chromatof', text: 'ChromaTOF downloads' },
  { name: 'chromatofPibs', text: 'ChromaTOF PIBs' },
  { name: 'pxFirmware', text: 'PX Series firmware' },
  { name: 'mxFirmware', text: 'MX Series firmware' },
  { name: 'cxFirmware', text: 'CX Series firmware' },
];

export const meta = () =>
  pageMeta('Download link', 'A download link that no longer works, and the way back to the lookup.');

/** Only a page of this site's navigation is a way back: the query is never trusted as an address. */
function destinationAt(path: string | null): Destination | undefined {
  if (!path) return undefined;
  return Object.values(DESTINATIONS).find((destination) => destination.url === path && destination.url !== '/');
}

function lookupNamed(value: string | null): Destination | undefined {
  const lookup = DOWNLOAD_LOOKUPS.find((known) => known === value);
  return lookup && DESTINATIONS[LOOKUP_PAGES[lookup]];
}

/**
 * Where the file endpoint sends a person who opened a download link that has expired, was
 * changed, or leads to a file that has been withdrawn (docs/publishing.md). An expired link names its file and lookup (its signature vouches for them),
 * so the page leads to that lookup; otherwise back to the page the link was found on, and
 * to every lookup. No address here carries a registration ID.
 */
export default function DownloadLinkPage() {
  const [params] = useSearchParams();
  const problem: DownloadLinkProblem =
    DOWNLOAD_LINK_PROBLEMS.find((known) => known === params.get('problem')) ?? 'invalid';
  const { text } = DOWNLOAD_LINK_TEXTS[problem];
  // The withdrawn page's title is the API's message, without its full stop.
  const title =
    problem === 'withdrawn' ? fileWithdrawnMessage(makerName()).replace(/\.$/, '') : DOWNLOAD_LINK_TEXTS[problem].title;
  const lookup = problem === 'expired' ? lookupNamed(params.get('lookup')) : undefined;
  const fileName = problem === 'invalid' ? null : params.get('file');
  const from = destinationAt(params.get('from'));
  return (
    <>
      <h1>{title}</h1>
      <p className={page.lead}>{text}</p>
      {problem === 'withdrawn' && (
        <p>
          Questions? <ContactMaker capital />
        </p>
      )}
      {fileName && (
        <p>
          It was a link to <strong>{fileName}</strong>
          {lookup ? ` on the ${lookup.title} page.` : '.'}
        </p>
      )}
      {lookup ? (
        <p>
          <Link className={page.button} to={lookup.url}>
            Look up your files again
          </Link>
        </p>
      ) : (
        <>
          {from && (
            <p>
              <Link className={page.button} to={from.url}>
                Back to {from.title}
              </Link>
            </p>
          )}
          <h2>Look up your files again</h2>
          <ul>
            {EVERY_LOOKUP.map(({ name, text }) => (
              <li key={name}>
                <Link to={DESTINATIONS[name].url}>{text}</Link>
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
