import { homeNewsHtml, languageOfPath, type HomeNews } from '@portal/contracts';
import * as m from './home-news.messages';

/**
 * "What's new" rendered in the browser, in this page's language (the server writes the same
 * markup with the same words from the build). Loaded only by Home reached from another page,
 * so a Home loaded as a document carries none of it (decision 281: every byte on Home counts).
 */
export function newsMarkup(news: HomeNews): string {
  return homeNewsHtml(news, {
    language: languageOfPath(window.location.pathname),
    released: m.released,
    published: m.published,
    nothingPublished: m.nothingPublished,
    noScore: m.noScore,
    severity: {
      NONE: m.noneSeverity,
      LOW: m.lowSeverity,
      MEDIUM: m.mediumSeverity,
      HIGH: m.highSeverity,
      CRITICAL: m.criticalSeverity,
    },
    cornerstoneRelease: m.cornerstoneRelease,
    firmwareRelease: m.firmwareRelease,
  });
}
