import { FEEDS_PATHS, type CurrentFeed } from '@portal/contracts';
import { useEffect, useId, useState } from 'react';
import { apiRequest } from '../api/api-client';
import { CopyButton } from '../components/copy-button';
import { whenIdle } from '../when-idle';
import forms from '../../styles/forms.module.css';
import * as m from './lookup.messages';
import styles from './lookup.module.css';

/** The longest the feed address waits for an idle browser. */
const FEED_ADDRESS_TIMEOUT_MS = 1_000;

/**
 * "Follow updates" under a lookup's results (docs/feeds.md): the address of the private
 * feed of the ID just looked up, to copy into a feed reader. The address holds an opaque
 * token, never the ID; the server hands it out for the same credential the lookup sent.
 */
export function FollowUpdates({ authorization, idName }: { authorization: string; idName: string }) {
  const headingId = useId();
  // Kept with the credential it was fetched for: another ID's address is never shown, not even for a moment.
  const [fetched, setFetched] = useState<{ for: string; feed: string | 'unavailable' }>();
  const feed = fetched?.for === authorization ? fetched.feed : undefined;
  useEffect(() => {
    const controller = new AbortController();
    // Below the results: asked for once the browser is idle, not in the task that shows them.
    const cancel = whenIdle(() => {
      apiRequest<CurrentFeed>({ path: FEEDS_PATHS.current, authorization, signal: controller.signal }).then(
        (answer) => setFetched({ for: authorization, feed: new URL(answer.feed, window.location.origin).href }),
        () => {
          if (!controller.signal.aborted) setFetched({ for: authorization, feed: 'unavailable' });
        },
      );
    }, FEED_ADDRESS_TIMEOUT_MS);
    return () => {
      cancel();
      controller.abort();
    };
  }, [authorization]);

  return (
    <section aria-labelledby={headingId} className={styles.follow}>
      <h2 id={headingId}>{m.followUpdates}</h2>
      <p className={styles.note}>{m.followUpdatesNote({ idKind: idName === 'key ID' ? 'key' : 'registration' })}</p>
      {feed === 'unavailable' ? (
        <p className={styles.note}>{m.feedUnavailable}</p>
      ) : (
        // Copied as the results' SHA-256 are (the button says so): no status region beside the lookup's own.
        // The row is there while the address is fetched, so nothing above the footer moves when it comes
        // (a visitor who went Back to the results is put back where they were).
        <div className={forms.row}>
          <label htmlFor={`${headingId}-address`} className={styles.visuallyHidden}>
            {m.feedAddress}
          </label>
          <input
            id={`${headingId}-address`}
            className={forms.input}
            value={feed ?? ''}
            placeholder={m.fetchingFeedAddress}
            aria-busy={feed === undefined}
            readOnly
            onFocus={(event) => event.target.select()}
          />
          <CopyButton text={feed ?? ''} label={m.copyFeedAddress} disabled={feed === undefined} />
        </div>
      )}
    </section>
  );
}
