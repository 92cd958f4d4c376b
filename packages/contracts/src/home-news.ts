import { CVSS_SEVERITY_TITLES } from './cvss-severity';
import { firmwareReleaseName } from './firmware';
import type { HomeNews } from './home-news-schema';
import { escapeHtml } from './html';

/**
 * The home page's "What's new" (docs/decisions/251-home-news-written-into-the-page.md): the
 * latest Cornerstone version, the latest firmware of each series and the newest security
 * advisories, as the catalogue and the advisories stand now. The server writes it into the
 * prerendered home page in place of HOME_NEWS_PLACEHOLDER, rendered by `homeNewsHtml`; the
 * browser keeps that markup, and renders the same function's markup from
 * `GET HOME_NEWS_PATH` only when it arrives at Home from another page.
 */
export const HOME_NEWS_PLACEHOLDER = '<!--%HOME_NEWS%-->';
/** The element the markup is written into: the browser reads it back instead of asking again. */
export const HOME_NEWS_ELEMENT_ID = 'home-news';
export const HOME_NEWS_PATH = '/v1/home-news';
/** How many advisories "What's new" names, newest first. */
export const HOME_NEWS_ADVISORIES = 3;
/** What "What's new" says while the catalogue and the advisories are empty. */
export const HOME_NEWS_NOTHING_PUBLISHED = 'Nothing is published yet.';
/** Where "What's new" sends a visitor for the latest Cornerstone: the page with the web installer, which needs no ID. */
export const CORNERSTONE_PAGE = '/cornerstone';

let dayFormat: Intl.DateTimeFormat | undefined;

/** 'Feb 18, 2025' for '2025-02-18' or an ISO time (its day in UTC), as the web app's formatDate writes a day. */
function day(value: string): string {
  dayFormat ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? escapeHtml(value) : dayFormat.format(parsed);
}

const dated = (verb: string, value: string) =>
  `<span class="news-date">${verb} <time datetime="${escapeHtml(value)}">${day(value)}</time></span>`;

const item = (kind: string, href: string, label: string, rest: string) =>
  `<li class="news-item" data-kind="${kind}"><a href="${escapeHtml(href)}">${escapeHtml(label)}</a>${rest}</li>`;

/**
 * The markup of "What's new": one list, each entry a link to the page that offers it and its
 * date; an advisory with its severity in words. Plain HTML with its own class names (the home
 * page's stylesheet styles them), the same bytes whoever renders it.
 */
export function homeNewsHtml(news: HomeNews): string {
  const items = [
    ...(news.cornerstone
      ? [
          item(
            'cornerstone',
            news.cornerstone.href,
            `Cornerstone ${news.cornerstone.version}`,
            dated('Released', news.cornerstone.releaseDate),
          ),
        ]
      : []),
    ...news.firmware.map((release) =>
      item(
        'firmware',
        release.href,
        firmwareReleaseName(release.instrument, release.version),
        dated('Released', release.releaseDate),
      ),
    ),
    ...news.advisories.map((advisory) =>
      item(
        'advisory',
        advisory.href,
        `${advisory.advisoryId}: ${advisory.title}`,
        `<span class="news-severity" data-severity="${advisory.severity ?? 'NONE'}">${
          advisory.severity ? `${CVSS_SEVERITY_TITLES[advisory.severity]} severity` : 'No score'
        }</span>${dated('Published', advisory.published)}`,
      ),
    ),
  ];
  return items.length === 0
    ? `<p class="news-empty">${HOME_NEWS_NOTHING_PUBLISHED}</p>`
    : `<ul class="news-list">${items.join('')}</ul>`;
}
