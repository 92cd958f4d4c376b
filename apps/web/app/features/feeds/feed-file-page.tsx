import { FEED_TOKEN_PATTERN, FEEDS_PATHS, type FeedFile } from '@portal/contracts';
import { Link } from 'react-router';
import { apiRequest } from '../../shared/api/api-client';
import { DownloadItem } from '../../shared/lookup/download-item';
import { LookupBusy } from '../../shared/lookup/lookup-form';
import lookup from '../../shared/lookup/lookup.module.css';
import { DESTINATIONS } from '../../shared/navigation/navigation';
import { FailureAlert } from '../../shared/outcome/failure-alert';
import { outcomeOf, type Outcome } from '../../shared/outcome/outcome';
import { pageMeta } from '../../shared/page-meta';
import page from '../../styles/page.module.css';
import type { Route } from './+types/feed-file-page';

/** Its address holds a feed token: no search engine may keep it (the API says so to robots too). */
export const meta = () => [
  ...pageMeta('A file from your feed', 'A file from your update feed, with a fresh download link.'),
  { name: 'robots', content: 'noindex' },
];

/** What a feed's token may look like; anything else is not asked of the server. */
const TOKEN = new RegExp(FEED_TOKEN_PATTERN);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A 404 or 410 from the file answer: the page explains instead of showing the server's words alone. */
type FeedFileOutcome = Outcome<FeedFile> | { kind: 'unknown' } | { kind: 'replaced'; message: string };

/**
 * Where a feed entry leads (docs/feeds.md): the file the entry names, with a download link
 * signed now, asked of the API with the feed's token. Browser-only: the token and the file
 * are in the query.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<FeedFileOutcome> {
  const params = new URL(request.url).searchParams;
  const token = params.get('token') ?? '';
  const file = params.get('file') ?? '';
  if (!TOKEN.test(token) || !UUID.test(file)) return { kind: 'unknown' };
  const path = FEEDS_PATHS.file.replace(':token', token).replace(':fileId', file);
  const outcome = await outcomeOf(() => apiRequest<FeedFile>({ path, signal: request.signal }), {
    signal: request.signal,
  });
  if (outcome.kind === 'failed' && outcome.status === 404) return { kind: 'unknown' };
  if (outcome.kind === 'failed' && outcome.status === 410) return { kind: 'replaced', message: outcome.message };
  return outcome;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <>
      <h1>A file from your feed</h1>
      <LookupBusy />
    </>
  );
}

export default function FeedFilePage({ loaderData }: Route.ComponentProps) {
  const outcome = loaderData;
  if (outcome.kind === 'ok') {
    const feedFile = outcome.data;
    return (
      <>
        <h1>{feedFile.title}</h1>
        <p className={page.lead}>
          A file from your update feed. Its download link works for one hour; open this page again from the feed for a
          new one.
        </p>
        <ul className={lookup.results}>
          <DownloadItem
            name={feedFile.title}
            uri={feedFile.uri}
            file={feedFile.file}
            kind={feedFile.file.inline ? 'document' : 'installer'}
            releaseNotes={feedFile.releaseNotes}
          />
        </ul>
      </>
    );
  }
  return (
    <>
      <h1>This file cannot be shown</h1>
      {outcome.kind === 'unknown' ? (
        <p className={page.lead}>
          The feed address or the file is not known, or the file is no longer published for you. Look up your files
          again on the <Link to={DESTINATIONS.cornerstone.url}>Cornerstone</Link> or{' '}
          <Link to={DESTINATIONS.chromatof.url}>ChromaTOF</Link> page.
        </p>
      ) : outcome.kind === 'replaced' ? (
        <p className={page.lead}>{outcome.message}</p>
      ) : (
        <FailureAlert failure={outcome} />
      )}
    </>
  );
}
