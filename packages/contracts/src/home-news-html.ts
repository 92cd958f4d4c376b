import type { CvssSeverity } from './cvss-severity';
import { firmwareFullName } from './firmware';
import type { HomeNews } from './home-news-schema';
import { escapeHtml } from './html';
import { dayFormatOptions, intlLocale, isTranslatedPage, pathInLanguage, type Language } from './languages';

// The markup of Home's "What's new" (home-news.ts): a module of its own, so the browser loads
// it only when it renders the news itself (Home reached from another page), not with Home.

/**
 * The words of "What's new" in the page's language: the web app's messages (`home-news` in
 * apps/web), passed by the browser from its messages and by the server from the web build's
 * `messages.json` (docs/decisions/281-customer-pages-in-six-languages.md).
 */
export interface HomeNewsWords {
  language: Language;
  released: string;
  published: string;
  /** What "What's new" says while the catalogue and the advisories are empty. */
  nothingPublished: string;
  noScore: string;
  severity: Record<CvssSeverity, string>;
  cornerstoneRelease: (values: { version: string }) => string;
  firmwareRelease: (values: { instrument: string; version: string }) => string;
}

const dayFormats = new Map<Language, Intl.DateTimeFormat>();

/** A day ('2025-02-18', or an ISO time: its day in UTC) as the language writes it: 'Feb 18, 2025', '18. Februar 2025'. */
export function formatDayIn(language: Language, value: string): string {
  let format = dayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(language), { ...dayFormatOptions(language), timeZone: 'UTC' });
    dayFormats.set(language, format);
  }
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? escapeHtml(value) : format.format(parsed);
}

/** An address of "What's new" in the page's language, where the page is offered in it. */
const localHref = (href: string, language: Language) =>
  isTranslatedPage(href.split(/[?#]/, 1)[0]!) ? pathInLanguage(href, language) : href;

/**
 * The markup of "What's new": one list, each entry a link to the page that offers it and its
 * date; an advisory with its severity in words, its title as staff wrote it (English, marked
 * so on a page in another language). Plain HTML with its own class names (the home page's
 * stylesheet styles them), the same bytes whoever renders it.
 */
export function homeNewsHtml(news: HomeNews, words: HomeNewsWords): string {
  const { language } = words;
  const dated = (verb: string, value: string) =>
    `<span class="news-date">${escapeHtml(verb)} <time datetime="${escapeHtml(value)}">${formatDayIn(language, value)}</time></span>`;
  const item = (kind: string, href: string, label: string, rest: string, labelLanguage?: string) =>
    `<li class="news-item" data-kind="${kind}"><a href="${escapeHtml(localHref(href, language))}"${
      labelLanguage && labelLanguage !== language ? ` lang="${labelLanguage}"` : ''
    }>${escapeHtml(label)}</a>${rest}</li>`;
  const items = [
    ...(news.cornerstone
      ? [
          item(
            'cornerstone',
            news.cornerstone.href,
            words.cornerstoneRelease({ version: news.cornerstone.version }),
            dated(words.released, news.cornerstone.releaseDate),
          ),
        ]
      : []),
    ...news.firmware.map((release) =>
      item(
        'firmware',
        release.href,
        words.firmwareRelease({ instrument: release.instrument, version: firmwareFullName(release.version) }),
        dated(words.released, release.releaseDate),
      ),
    ),
    ...news.advisories.map((advisory) =>
      item(
        'advisory',
        advisory.href,
        `${advisory.advisoryId}: ${advisory.title}`,
        `<span class="news-severity" data-severity="${advisory.severity ?? 'NONE'}">${escapeHtml(
          advisory.severity ? words.severity[advisory.severity] : words.noScore,
        )}</span>${dated(words.published, advisory.published)}`,
        'en',
      ),
    ),
  ];
  return items.length === 0
    ? `<p class="news-empty">${escapeHtml(words.nothingPublished)}</p>`
    : `<ul class="news-list">${items.join('')}</ul>`;
}
