import { FEED_TOKEN_PATTERN, FEEDS_PATHS, type FeedFile } from '@portal/contracts';
import { apiRequest } from '../../shared/api/api-client';
import { LocalLink } from '../../shared/i18n/local-link';
import { englishMark } from '../../shared/i18n/page-language';
import { DownloadItem } from '../../shared/lookup/download-item';
import { LookupBusy } from '../../shared/lookup/lookup-form';
import lookup from '../../shared/lookup/lookup.module.css';
import { makerName } from '../../shared/maker-name';
import { DESTINATIONS } from '../../shared/navigation/navigation';
import { FailureAlert } from '../../shared/outcome/failure-alert';
import { toldInPageLanguage } from '../../shared/outcome/in-page-language';
import { outcomeOf, type Failure, type Outcome } from '../../shared/outcome/outcome';
import { pageMeta } from '../../shared/page-meta';
import page from '../../styles/page.module.css';
import type { Route } from './+types/feed-file-page';
import * as m from './feed-file.messages';

/** Its address holds a feed token: no search engine may keep it (the API says so to robots too). */
export const meta = () => [...pageMeta(m.fileFromYourFeed, m.description), { name: 'robots', content: 'noindex' }];

/** What a feed's token may look like; anything else is not asked of the server. */
const TOKEN = new RegExp(FEED_TOKEN_PATTERN);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A 404 or 410 from the file answer: the page explains instead of showing the server's words
 * alone. A 410 is a feed address a reissue replaced, or a file since withdrawn: told by its
 * error code (docs/api.md, "Error codes").
 */
type FeedFileOutcome = Outcome<FeedFile> | { kind: 'unknown' } | { kind: 'gone'; failure: Failure };

/**
 * Where a feed entry leads (docs/feeds.md): the file the entry names, with a download link
 * signed now, asked of the API with the feed's token. Browser-only: the token and the file
 * are in the query. In every language (TRANSLATED_BROWSER_PAGES), though the feed's own links
 * lead to the English page: a feed has no language.
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
  if (outcome.kind === 'failed' && outcome.status === 410) return { kind: 'gone', failure: outcome };
  return outcome;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <>
      <h1>{m.fileFromYourFeed}</h1>
      <LookupBusy />
    </>
  );
}

/**
 * A failure in the page's language: by its error code, else its status (a 410 without a code
 * keeps the server's words), else the server's English.
 */
function told(failure: Failure): Failure {
  return toldInPageLanguage(failure, {
    byCode: {
      'feed-replaced': m.feedReplaced,
      'file-withdrawn': m.fileWithdrawn({ maker: makerName() }),
      'too-many-failures': m.tooManyFailures,
    },
    byStatus: (status) => (status === 0 ? m.noAnswer : status === 410 ? undefined : m.couldNotRead({ status })),
  });
}

export default function FeedFilePage({ loaderData }: Route.ComponentProps) {
  const outcome = loaderData;
  if (outcome.kind === 'ok') {
    const feedFile = outcome.data;
    // The file's title is the feed's, which is English (a feed has no language): marked so.
    const titleLanguage = englishMark();
    return (
      <>
        <h1>
          <span lang={titleLanguage}>{feedFile.title}</span>
        </h1>
        <p className={page.lead}>{m.lead}</p>
        <ul className={lookup.results}>
          <DownloadItem
            name={feedFile.title}
            nameLanguage={titleLanguage}
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
      <h1>{m.cannotBeShown}</h1>
      {outcome.kind === 'unknown' ? (
        <p className={page.lead}>
          {m.unknownFile({
            cornerstone: (chunks, key) => (
              <LocalLink key={key} to={DESTINATIONS.cornerstone.url}>
                {chunks}
              </LocalLink>
            ),
            chromatof: (chunks, key) => (
              <LocalLink key={key} to={DESTINATIONS.chromatof.url}>
                {chunks}
              </LocalLink>
            ),
          })}
        </p>
      ) : outcome.kind === 'gone' ? (
        <p className={page.lead}>{told(outcome.failure).message}</p>
      ) : (
        <FailureAlert failure={told(outcome)} />
      )}
    </>
  );
}
