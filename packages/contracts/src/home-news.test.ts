import { describe, expect, it } from 'vitest';
import { homeNewsHtml, type HomeNewsWords } from './home-news-html';

/** The English words, as the web app's `home-news` messages have them. */
const ENGLISH: HomeNewsWords = {
  language: 'en',
  released: 'Released',
  published: 'Published',
  nothingPublished: 'Nothing is published yet.',
  noScore: 'No score',
  severity: {
    NONE: 'None severity',
    LOW: 'Low severity',
    MEDIUM: 'Medium severity',
    HIGH: 'High severity',
    CRITICAL: 'Critical severity',
  },
  cornerstoneRelease: ({ version }) => `Cornerstone ${version}`,
  firmwareRelease: ({ instrument, version }) => `${instrument} firmware ${version}`,
};

describe('homeNewsHtml', () => {
  it('links each release to the page that offers it, with its date', () => {
    const html = homeNewsHtml(
      {
        cornerstone: { version: '2.10.0', releaseDate: '2025-05-20', href: '/cornerstone' },
        firmware: [
          { instrument: 'PX', version: '002.002.010', releaseDate: '2025-04-22', href: '/metallographics/px/firmware' },
        ],
        advisories: [],
      },
      ENGLISH,
    );
    expect(html).toBe(
      '<ul class="news-list">' +
        '<li class="news-item" data-kind="cornerstone"><a href="/cornerstone">Cornerstone 2.10.0</a>' +
        '<span class="news-date">Released <time datetime="2025-05-20">May 20, 2025</time></span></li>' +
        '<li class="news-item" data-kind="firmware"><a href="/metallographics/px/firmware">PX firmware v010 (002.002.010)</a>' +
        '<span class="news-date">Released <time datetime="2025-04-22">Apr 22, 2025</time></span></li>' +
        '</ul>',
    );
  });

  it('escapes what staff wrote and names a severity in words', () => {
    const html = homeNewsHtml(
      {
        cornerstone: null,
        firmware: [],
        advisories: [
          {
            advisoryId: 'ACME-SA-2026-0001',
            title: '<script>x</script> & "y"',
            severity: 'CRITICAL',
            published: '2026-02-03T23:30:00.000Z',
            href: '/security/ACME-SA-2026-0001',
          },
          {
            advisoryId: 'ACME-SA-2026-0002',
            title: 'Unscored',
            severity: null,
            published: '2026-02-04T00:00:00.000Z',
            href: '/security/ACME-SA-2026-0002',
          },
        ],
      },
      ENGLISH,
    );
    expect(html).toBe(
      '<ul class="news-list">' +
        '<li class="news-item" data-kind="advisory"><a href="/security/ACME-SA-2026-0001">ACME-SA-2026-0001: &#60;script&#62;x&#60;/script&#62; &#38; &#34;y&#34;</a>' +
        '<span class="news-severity" data-severity="CRITICAL">Critical severity</span>' +
        '<span class="news-date">Published <time datetime="2026-02-03T23:30:00.000Z">Feb 3, 2026</time></span></li>' +
        '<li class="news-item" data-kind="advisory"><a href="/security/ACME-SA-2026-0002">ACME-SA-2026-0002: Unscored</a>' +
        '<span class="news-severity" data-severity="NONE">No score</span>' +
        '<span class="news-date">Published <time datetime="2026-02-04T00:00:00.000Z">Feb 4, 2026</time></span></li>' +
        '</ul>',
    );
  });

  it('says nothing is published yet when nothing is', () => {
    expect(homeNewsHtml({ cornerstone: null, firmware: [], advisories: [] }, ENGLISH)).toBe(
      '<p class="news-empty">Nothing is published yet.</p>',
    );
  });

  it("writes the page's language: its words and dates, its addresses, staff's English marked", () => {
    const html = homeNewsHtml(
      {
        cornerstone: { version: '2.10.0', releaseDate: '2025-05-20', href: '/cornerstone' },
        firmware: [],
        advisories: [
          { advisoryId: 'A-1', title: 'Title', severity: 'HIGH', published: '2026-02-03', href: '/security/A-1' },
        ],
      },
      { ...ENGLISH, language: 'de', released: 'Veröffentlicht am', published: 'Veröffentlicht am' },
    );
    expect(html).toContain('Veröffentlicht am <time datetime="2025-05-20">20. Mai 2025</time>');
    // The advisory's page is offered in every language; its title is as staff wrote it.
    expect(html).toContain('<a href="/de/security/A-1" lang="en">A-1: Title</a>');
  });
});
