import { HOME_NEWS_ELEMENT_ID, HOME_NEWS_PLACEHOLDER, languageOfPath } from '@portal/contracts';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import * as m from './home.messages';
import styles from './home-page.module.css';

/**
 * "What's new" as the server wrote it into this page (docs/decisions/251): the markup of
 * `homeNewsHtml`, read back from the page while it is the one the server sent, so hydrating
 * it changes nothing; the placeholder while prerendering (the server replaces it).
 * Undefined in a page that has none (Home reached from another page).
 */
export function newsOnThisPage(): string | undefined {
  if (typeof document === 'undefined') return HOME_NEWS_PLACEHOLDER;
  return document.getElementById(HOME_NEWS_ELEMENT_ID)?.innerHTML;
}

/**
 * The markup is plain HTML (written by the server, or rendered by the same function from
 * `GET HOME_NEWS_PATH`); a click on one of its links within the site is followed as any
 * link of the app is, without loading the document again.
 */
export function HomeNewsSection({ news }: { news: string | null }) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const link = event.target instanceof Element ? event.target.closest('a') : null;
    if (!link || link.origin !== window.location.origin || link.target) return;
    // A page in another language (an English-only page, from a translated Home) is another document.
    if (languageOfPath(link.pathname) !== languageOfPath(window.location.pathname)) return;
    event.preventDefault();
    void navigate(`${link.pathname}${link.search}${link.hash}`);
  };
  return (
    <section className={styles.panel} aria-labelledby="whats-new">
      <h2 id="whats-new">{m.whatsNew}</h2>
      {news === null ? (
        <p>{m.newsUnavailable}</p>
      ) : (
        // The keyboard's Enter on a link is a click too: the handler serves both.
        <div
          id={HOME_NEWS_ELEMENT_ID}
          className={styles.news}
          onClick={follow}
          dangerouslySetInnerHTML={{ __html: news }}
        />
      )}
    </section>
  );
}
