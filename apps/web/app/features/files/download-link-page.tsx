import { type DownloadLinkProblem } from '@portal/contracts';
import { Link, useSearchParams } from 'react-router';
import { HomeLink } from '../../shared/components/home-link';
import { DESTINATIONS, type Destination } from '../../shared/navigation/navigation';
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
};

export const meta = () =>
  pageMeta('Download link', 'A download link that no longer works, and the way back to the lookup.');

/** Only a page of this site's navigation is a way back: the query is never trusted as an address. */
function destinationAt(path: string | null): Destination | undefined {
  if (!path) return undefined;
  return Object.values(DESTINATIONS).find((destination) => destination.url === path && destination.url !== '/');
}

/**
 * Where the file endpoint sends a person who opened a download link that has expired or
 * was changed: it says so and leads back to the page the link was found on, whose
 * address comes without its query, so no registration ID is ever part of it.
 */
export default function DownloadLinkPage() {
  const [params] = useSearchParams();
  const { title, text } = DOWNLOAD_LINK_TEXTS[params.get('problem') === 'expired' ? 'expired' : 'invalid'];
  const from = destinationAt(params.get('from'));
  return (
    <>
      <h1>{title}</h1>
      <p className={page.lead}>{text}</p>
      <p>
        {from ? (
          <Link className={page.button} to={from.url}>
            Back to {from.title}
          </Link>
        ) : (
          <HomeLink />
        )}
      </p>
    </>
  );
}
