import type { CDPSession, Page, Route } from '@playwright/test';
import {
  ADVISORY_PATHS,
  advisoryPagePath,
  DOWNLOAD_LINK_PAGE,
  FEED_FILE_PAGE,
  LANGUAGES,
  pathInLanguage,
  PSEUDO_LANGUAGE,
  TRANSLATED_PAGES,
  type AdvisoryList,
  type ShippedLanguage,
  type Versions,
} from '@portal/contracts';
import { PSEUDO_LETTERS } from '../apps/web/i18n/icu';
import { acceptProblems, answeredWith, expect, test } from './fixtures';
import { sidewaysOverflow } from './overflow';
import { CS, planVisit } from './page-visits';
import { gotoHydrated, gotoInitialized } from './public-pages';

// The customer pages in six languages (docs/decisions/281-customer-pages-in-six-languages.md):
// addresses, `<html lang>`, `hreflang`, the switch, the offer of the browser's language, the
// not-found page, and the pseudo-language that shows untranslated text and tight room.

/** "Find your files" on Home, in each language: the words of the page, prerendered. */
const FIND_YOUR_FILES: Record<ShippedLanguage, string> = {
  en: 'Find your files',
  de: 'Ihre Dateien finden',
  fr: 'Trouver vos fichiers',
  es: 'Encuentre sus archivos',
  ja: 'ファイルを探す',
  'zh-Hans': '查找您的文件',
};
const NOT_FOUND: Record<ShippedLanguage, string> = {
  en: 'Page not found',
  de: 'Seite nicht gefunden',
  fr: 'Page introuvable',
  es: 'Página no encontrada',
  ja: 'ページが見つかりません',
  'zh-Hans': '找不到页面',
};

const absolute = (path: string) => new URL(path, process.env.PORTAL_URL).href;
const GERMAN_DAY =
  /^\d{1,2}\. (Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember) \d{4}$/;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("every language's page is prerendered at its address, with its lang and its other languages linked", async ({
    page,
  }) => {
    for (const language of LANGUAGES) {
      await test.step(language, async () => {
        const response = await page.goto(pathInLanguage('/', language));
        expect(response?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByRole('heading', { level: 2, name: FIND_YOUR_FILES[language] })).toBeVisible();
        const alternates = page.locator('link[rel="alternate"][hreflang]');
        await expect(alternates).toHaveCount(LANGUAGES.length + 1);
        for (const other of LANGUAGES) {
          await expect(alternates.and(page.locator(`[hreflang="${other}"]`))).toHaveAttribute(
            'href',
            absolute(pathInLanguage('/', other)),
          );
        }
        await expect(alternates.and(page.locator('[hreflang="x-default"]'))).toHaveAttribute('href', absolute('/'));
      });
    }
  });

  test('an unknown address in a language is its not-found page, with status 404', async ({ page }) => {
    for (const language of LANGUAGES) {
      const response = await page.goto(pathInLanguage('/no/such/page', language));
      expect(response?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(NOT_FOUND[language]);
    }
  });
});

/** A page in German and in Japanese: its first heading and a sentence of its own, as prerendered. */
interface TranslatedPage {
  path: string;
  words: Record<'de' | 'ja', { heading: string; sentence: string }>;
}

const PRODUCT_PAGES: TranslatedPage[] = [
  {
    path: '/cornerstone',
    words: {
      de: { heading: 'Cornerstone', sentence: 'Es lädt nur die Teile herunter, die Ihr Gerät benötigt.' },
      ja: { heading: 'Cornerstone', sentence: '機器に必要な部分だけをダウンロードします。' },
    },
  },
  {
    path: '/cornerstone/mobile',
    words: {
      de: { heading: 'Cornerstone Mobile', sentence: 'Cornerstone Mobile wird pro Gerät im Abonnement verkauft.' },
      ja: {
        heading: 'Cornerstone Mobile',
        sentence: 'Cornerstone Mobile は機器ごとのサブスクリプションで販売しています。',
      },
    },
  },
  {
    path: '/metallographics',
    words: {
      de: { heading: 'Metallografie', sentence: 'Einbettpressen.' },
      ja: { heading: 'メタログラフィー', sentence: '埋込みプレス。' },
    },
  },
  {
    path: '/metallographics/px',
    words: {
      de: { heading: 'PX-Serie', sentence: 'Schleif- und Poliermaschinen, die PX400 und PX500.' },
      ja: { heading: 'PX シリーズ', sentence: '研削・研磨機（PX400 と PX500）。' },
    },
  },
  {
    path: '/metallographics/mx',
    words: {
      de: { heading: 'MX-Serie', sentence: 'Laden Sie die neueste Firmware für Ihr MX-Gerät herunter' },
      ja: {
        heading: 'MX シリーズ',
        sentence: 'MX の最新ファームウェアをダウンロードし、アップデート手順に従ってください。',
      },
    },
  },
  {
    path: '/metallographics/cx',
    words: {
      de: { heading: 'CX-Serie', sentence: 'Trennmaschinen.' },
      ja: { heading: 'CX シリーズ', sentence: '切断機。' },
    },
  },
];

/** The firmware pages: the update steps, in the order an instrument needs them. */
const FIRMWARE_STEPS = {
  de: ['Herunterladen', 'Einstellungen sichern', 'Installieren', 'Einstellungen wiederherstellen'],
  ja: ['ダウンロード', '設定のバックアップ', 'インストール', '設定の復元'],
};
const FIRMWARE_PAGES: TranslatedPage[] = (['PX', 'MX', 'CX'] as const).map((series) => ({
  path: `/metallographics/${series.toLowerCase()}/firmware`,
  words: {
    de: {
      heading: `${series}-Firmware`,
      sentence: 'Drücken Sie nach dem Neustart Import, um die Einstellungen und Methoden wiederherzustellen',
    },
    ja: {
      heading: `${series} ファームウェア`,
      sentence: '手順 2 でエクスポートした設定とメソッドを復元してください。',
    },
  },
}));

/** A translated page at its German and Japanese addresses, prerendered: its words, `<html lang>` and `hreflang`. */
async function expectTranslated(page: Page, { path, words }: TranslatedPage) {
  for (const language of ['de', 'ja'] as const) {
    await test.step(`${path} in ${language}`, async () => {
      const response = await page.goto(pathInLanguage(path, language));
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words[language].heading);
      await expect(page.getByRole('main')).toContainText(words[language].sentence);
      const alternates = page.locator('link[rel="alternate"][hreflang]');
      await expect(alternates).toHaveCount(LANGUAGES.length + 1);
      for (const other of LANGUAGES) {
        await expect(alternates.and(page.locator(`[hreflang="${other}"]`))).toHaveAttribute(
          'href',
          absolute(pathInLanguage(path, other)),
        );
      }
    });
  }
}

test.describe('without JavaScript, the product pages', () => {
  test.use({ javaScriptEnabled: false });

  test('are in German and Japanese at their addresses, with their lang and their other languages linked', async ({
    page,
  }) => {
    for (const translated of PRODUCT_PAGES) await expectTranslated(page, translated);
  });

  test('the firmware pages are in German and Japanese, their four steps in order', async ({ page }) => {
    for (const translated of FIRMWARE_PAGES) {
      await expectTranslated(page, translated);
      for (const language of ['de', 'ja'] as const) {
        await page.goto(pathInLanguage(translated.path, language));
        await expect(page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 3 })).toHaveText(
          FIRMWARE_STEPS[language],
        );
      }
    }
  });
});

test.describe('without JavaScript, the Japanese and Chinese pages', () => {
  test.use({ javaScriptEnabled: false });

  test('draw every character in a font that has it, each language in its own glyph forms', async ({ page }) => {
    // Debian's Noto Sans CJK, the fonts of Linux and Android, which tokens.css names per language.
    const fonts = { ja: 'Noto Sans CJK JP', 'zh-Hans': 'Noto Sans CJK SC' } as const;
    const cdp = await page.context().newCDPSession(page);
    for (const [language, font] of Object.entries(fonts) as [keyof typeof fonts, string][]) {
      for (const path of ['/', FIRMWARE_PAGES[2]!.path, '/privacy']) {
        await page.goto(pathInLanguage(path, language));
        const drawn = await cjkTextFonts(cdp);
        expect(drawn.length, `${language} ${path} has text in its script`).toBeGreaterThan(10);
        for (const { text, fonts: used } of drawn) {
          // A character no font has is drawn as a box by the first font: counted as that font's glyph.
          const otherGlyphs = used
            .filter((usage) => usage.familyName !== font)
            .reduce((sum, u) => sum + u.glyphCount, 0);
          expect(
            used.map((usage) => usage.familyName),
            `${language} ${path}: "${text}"`,
          ).toContain(font);
          expect(otherGlyphs, `${language} ${path}: "${text}" drawn by ${JSON.stringify(used)}`).toBeLessThanOrEqual(
            [...text].filter((character) => !CJK_CHARACTER.test(character)).length,
          );
        }
      }
    }
  });
});

/** A character of Japanese or Chinese writing: Han, kana, their punctuation and full-width forms. */
const CJK_CHARACTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\u30fc\uff00-\uffef]/u;

/**
 * Each element of the page with CJK characters in its own text: its text and its descendants'
 * (Chromium tells the fonts that drew them all), and those fonts.
 */
async function cjkTextFonts(cdp: CDPSession) {
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  type DomNode = typeof root;
  /** DOM's nodeType of a text node. */
  const TEXT_NODE = 3;
  const ownText = (node: DomNode) =>
    (node.children ?? [])
      .filter((child) => child.nodeType === TEXT_NODE)
      .map((child) => child.nodeValue)
      .join('');
  // Its text and its descendants', with what their ::before, ::after and ::marker draw.
  const allText = async (node: DomNode): Promise<string> => {
    if (node.nodeType === TEXT_NODE) return node.nodeValue;
    const parts = await Promise.all((node.children ?? []).map(allText));
    for (const pseudo of node.pseudoElements ?? []) {
      const { computedStyle } = await cdp.send('CSS.getComputedStyleForNode', { nodeId: pseudo.nodeId });
      const content = computedStyle.find((property) => property.name === 'content')?.value ?? '';
      // A list item's marker draws its bullet or number and a space: at most "10. ".
      parts.push(pseudo.pseudoType === 'marker' ? '10. ' : /^".*"$/.test(content) ? content.slice(1, -1) : '');
    }
    return parts.join('');
  };
  const found: { text: string; fonts: { familyName: string; glyphCount: number }[] }[] = [];
  const visit = async (node: DomNode) => {
    if (['HEAD', 'SCRIPT', 'STYLE', 'TEMPLATE'].includes(node.nodeName)) return;
    if (CJK_CHARACTER.test(ownText(node))) {
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId: node.nodeId });
      // An element not drawn (a closed menu's, a hidden one's) has no fonts.
      if (fonts.length > 0) found.push({ text: await allText(node), fonts });
    }
    for (const child of node.children ?? []) await visit(child);
  };
  await visit(root);
  return found;
}

/** The privacy policy and the security pages' own words. */
const POLICY_PAGES: TranslatedPage[] = [
  {
    path: '/privacy',
    words: {
      de: { heading: 'Datenschutz', sentence: 'Diese Website verwendet keine Cookies.' },
      ja: { heading: 'プライバシー', sentence: 'このサイトは Cookie を使用しません。' },
    },
  },
  {
    path: '/security',
    words: {
      de: {
        heading: 'Sicherheitshinweise',
        sentence: 'Jede uns bekannte Sicherheitslücke in unserer Software und Firmware',
      },
      ja: {
        heading: 'セキュリティアドバイザリ',
        sentence: '当社のソフトウェアとファームウェアについて把握しているすべての脆弱性',
      },
    },
  },
  {
    path: '/security/policy',
    words: {
      de: {
        heading: 'Sicherheitslücke melden',
        sentence: 'Wir bestätigen den Eingang Ihrer Meldung, in der Regel innerhalb von drei Werktagen.',
      },
      ja: { heading: '脆弱性の報告', sentence: '報告の受領を、通常 3 営業日以内にお知らせします。' },
    },
  },
];

test.describe('without JavaScript, the privacy and security pages', () => {
  test.use({ javaScriptEnabled: false });

  test('are in German and Japanese at their addresses, with their lang and their other languages linked', async ({
    page,
  }) => {
    for (const translated of POLICY_PAGES) await expectTranslated(page, translated);
  });
});

/** The newest published advisory's address (the demo catalogue carries one). */
async function newestAdvisory(page: Page): Promise<string> {
  const { advisories } = (await (await page.request.get(ADVISORY_PATHS.advisories)).json()) as AdvisoryList;
  return advisoryPagePath(advisories[0]!.advisoryId);
}

test('an advisory, rendered in the browser, is in German and Japanese: its frame translated, what staff wrote as written', async ({
  page,
  pageProblems,
}) => {
  const path = await newestAdvisory(page);
  const words = {
    de: { revisions: 'Änderungsverlauf', back: 'Alle Sicherheitshinweise', day: GERMAN_DAY },
    ja: { revisions: '改訂履歴', back: 'すべてのアドバイザリ', day: /^\d{4}年\d{1,2}月\d{1,2}日$/ },
  };
  for (const language of ['de', 'ja'] as const) {
    await test.step(language, async () => {
      const response = await page.goto(pathInLanguage(path, language));
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 2, name: words[language].revisions })).toBeVisible();
      // The title as staff wrote it, marked English.
      await expect(page.getByRole('heading', { level: 1 }).locator('[lang="en"]')).not.toBeEmpty();
      await expect(page.getByRole('main').locator('dd time').first()).toHaveText(words[language].day);
      const alternates = page.locator('link[rel="alternate"][hreflang]');
      await expect(alternates).toHaveCount(LANGUAGES.length + 1);
      for (const other of LANGUAGES) {
        await expect(alternates.and(page.locator(`[hreflang="${other}"]`))).toHaveAttribute(
          'href',
          absolute(pathInLanguage(path, other)),
        );
      }
      // Back to the list, in the same language.
      await page.getByRole('link', { name: words[language].back }).last().click();
      await expect(page).toHaveURL(new RegExp(`/${language}/security$`));
    });
  }
  // An ID that is not published is said so in German, and the address stays German.
  await page.goto(pathInLanguage(advisoryPagePath('ACME-SA-1999-0001'), 'de'));
  await expect(page.getByRole('alert')).toHaveText('Es gibt keinen veröffentlichten Sicherheitshinweis mit dieser ID.');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect(acceptProblems(pageProblems, answeredWith(404))).toHaveLength(1);
  expect(pageProblems).toEqual([]);
});

/** A feed entry's page: the address the registration's own feed leads to (an entry of its Atom document). */
async function feedEntry(page: Page): Promise<string> {
  return (await planVisit(page, FEED_FILE_PAGE)).url;
}

test('a broken download link, opened from a German page, leads to the German page that says so', async ({
  page,
  pageProblems,
}) => {
  const versions = (await (
    await page.request.get('/v1/Cornerstone/versions', { headers: { authorization: `Hasp id=${CS}` } })
  ).json()) as Versions;
  const link = Object.values(versions).find((version) => version.offlineInstaller)!.offlineInstaller!;
  const tampered = link.replace(/signature=(.)/, (_, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`);
  // The file endpoint takes the language of the page the link was on, and names that page in English.
  await page.goto(tampered, { referer: absolute('/de/cornerstone/pibs') });
  await expect(page).toHaveURL(/\/de\/download-link\?problem=invalid&from=%2Fcornerstone%2Fpibs$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dieser Downloadlink funktioniert nicht');
  await expect(page.getByRole('main')).toContainText('Der Link ist unvollständig oder wurde verändert.');
  // Back to the page it came from, in German.
  await page.getByRole('link', { name: 'Zurück zu „PIBs“' }).click();
  await expect(page).toHaveURL(/\/de\/cornerstone\/pibs$/);
  expect(pageProblems).toEqual([]);
});

test('the download-link page is in German and Japanese, with its lang and its other languages linked', async ({
  page,
  pageProblems,
}) => {
  const file = 'Cornerstone-2.8.1-Offline.zip';
  const expired = `${DOWNLOAD_LINK_PAGE}?problem=expired&lookup=pibs&file=${file}`;
  const words = {
    de: {
      heading: 'Dieser Downloadlink ist abgelaufen',
      sentence: `Es war ein Link zu ${file} auf der Seite „PIBs“.`,
      again: 'Ihre Dateien erneut suchen',
    },
    ja: {
      heading: 'このダウンロードリンクは有効期限が切れています',
      sentence: `「PIB」ページの ${file} へのリンクでした。`,
      again: 'ファイルをもう一度検索',
    },
  };
  for (const language of ['de', 'ja'] as const) {
    await test.step(language, async () => {
      const response = await page.goto(pathInLanguage(expired, language));
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words[language].heading);
      await expect(page.getByRole('main')).toContainText(words[language].sentence);
      await expect(page.getByRole('link', { name: words[language].again })).toHaveAttribute(
        'href',
        pathInLanguage('/cornerstone/pibs', language),
      );
      const alternates = page.locator('link[rel="alternate"][hreflang]');
      await expect(alternates).toHaveCount(LANGUAGES.length + 1);
      await expect(alternates.and(page.locator('[hreflang="fr"]'))).toHaveAttribute(
        'href',
        absolute(pathInLanguage(expired, 'fr')),
      );
    });
  }
  // A withdrawn file: the maker's words, in Japanese.
  await page.goto(pathInLanguage(`${DOWNLOAD_LINK_PAGE}?problem=withdrawn&file=${file}`, 'ja'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^このファイルは .+ により取り下げられました$/);
  await expect(page.getByRole('main')).toContainText('このファイルの提供は終了しました。');
  expect(pageProblems).toEqual([]);
});

test("a feed's file is shown in German and Japanese; its title, the feed's, stays English", async ({
  page,
  pageProblems,
}) => {
  const entry = await feedEntry(page);
  const lead = {
    de: 'Eine Datei aus Ihrem Update-Feed. Ihr Downloadlink funktioniert eine Stunde lang;',
    ja: '更新フィードのファイルです。ダウンロードリンクは 1 時間有効です。',
  };
  for (const language of ['de', 'ja'] as const) {
    await test.step(language, async () => {
      await gotoHydrated(page, pathInLanguage(entry, language));
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1 }).locator('[lang="en"]')).not.toBeEmpty();
      await expect(page.getByRole('main')).toContainText(lead[language]);
      await expect(page.getByText('SHA-256').first()).toBeVisible();
    });
  }
  expect(pageProblems).toEqual([]);
});

test("a German visitor is told why a feed's file is gone in German, by the answer's code, not its English", async ({
  page,
  pageProblems,
}) => {
  const entry = pathInLanguage(await feedEntry(page), 'de');
  const gone = (code: string) => (route: Route) =>
    route.fulfill({
      status: 410,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Words the page does not match.', code }),
    });
  await page.route('**/v1/feeds/*/files/*', gone('feed-replaced'));
  await gotoHydrated(page, entry);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Diese Datei kann nicht angezeigt werden');
  await expect(page.getByRole('main')).toContainText(
    'Diese Feed-Adresse wurde ersetzt. Suchen Sie Ihre Registrierungs-ID oder Key-ID im Portal',
  );
  await page.unroute('**/v1/feeds/*/files/*');
  await page.route('**/v1/feeds/*/files/*', gone('file-withdrawn'));
  await gotoHydrated(page, entry);
  await expect(page.getByRole('main')).toContainText(/Diese Datei wurde von .+ zurückgezogen\./);
  await expect(page.getByRole('main')).not.toContainText('Words the page does not match.');
  // Chromium logs each 410 answer.
  acceptProblems(pageProblems, answeredWith(410));
  expect(pageProblems).toEqual([]);
});

test("the Service page's public words are German, its staff tools and their sign-in English", async ({
  page,
  pageProblems,
}) => {
  await expectTranslated(page, {
    path: '/service',
    words: {
      de: { heading: 'Service', sentence: 'Fordern Sie einen Serviceeinsatz an' },
      ja: { heading: 'サービス', sentence: 'サービス訪問の依頼、部品の注文' },
    },
  });
  await gotoHydrated(page, '/de/service');
  await expect(page.getByRole('link', { name: /^Zum Geräteservice/ })).toHaveAttribute('target', '_blank');
  const tools = page.getByRole('region', { name: 'Werkzeuge für Mitarbeiter und Servicepersonal des Unternehmens' });
  await expect(tools.locator('[lang="en"]').getByRole('heading', { name: "You'll need to sign in" })).toBeVisible();
  await page.getByRole('link', { name: 'Sicherheitshinweise' }).first().click();
  await expect(page).toHaveURL(/\/de\/security$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sicherheitshinweise');
  await page.getByRole('link', { name: 'So melden Sie sie' }).click();
  await expect(page).toHaveURL(/\/de\/security\/policy$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Wie es weitergeht' })).toBeVisible();
  expect(pageProblems).toEqual([]);
});

test('a German visitor updates an MX in German: the latest firmware, its German date, the steps and their help', async ({
  page,
  pageProblems,
}) => {
  await gotoHydrated(page, '/de/metallographics/mx/firmware');
  const latest = page.getByRole('region', { name: 'Neueste MX-Firmware' });
  await expect(latest.getByRole('link', { name: 'MX-Firmware v002 herunterladen (001.005.002)' })).toHaveAttribute(
    'download',
    'update.zip',
  );
  await expect(latest.locator('dd time')).toHaveText(GERMAN_DAY);
  // What to press is the instrument's own button, whatever the page's language.
  await expect(page.getByRole('main').locator('strong[lang="en"]')).toHaveText([
    'Export',
    'Upgrade',
    // In the help on a stuck upgrade.
    'Upgrade',
    'Import',
  ]);
  await page.getByRole('button', { name: 'Welchen USB-Stick kann ich verwenden?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welchen USB-Stick kann ich verwenden?' });
  await expect(dialog).toContainText('höchstens 32 GB');
  await dialog.getByRole('button').click();
  await page.getByRole('button', { name: 'Wo ist der USB-Anschluss?' }).click();
  await expect(page.getByRole('dialog', { name: 'Wo ist der USB-Anschluss?' })).toContainText(
    'Am MX-Gerät befindet sich der USB-Anschluss vorn am Bedienfeld, unterhalb des Displays.',
  );
  expect(pageProblems).toEqual([]);
});

test('a Japanese visitor whose firmware list cannot be read is told so in Japanese, with the status', async ({
  page,
  pageProblems,
}) => {
  await page.route('**/firmware/metadata.json', (route) => route.fulfill({ status: 503, body: 'down' }));
  await gotoHydrated(page, '/ja/metallographics/cx/firmware');
  await expect(page.getByRole('alert')).toHaveText('サーバーに接続できませんでした。（HTTP ステータスコード 503）');
  expect(acceptProblems(pageProblems, (problem) => /status of 503/.test(problem))).not.toEqual([]);
  expect(pageProblems).toEqual([]);
});

test('a German visitor goes from the product pages to German pages', async ({ page, pageProblems }) => {
  await gotoHydrated(page, '/de/cornerstone');
  // The latest version, read once the page is up, is told in German with a German date.
  await expect(page.getByText(/^Neueste Version: Cornerstone \S+, veröffentlicht am /)).toBeVisible();
  await expect(page.getByRole('main').locator('time').first()).toHaveText(GERMAN_DAY);
  await page.getByRole('link', { name: 'Zum Offline-Installationsprogramm' }).click();
  await expect(page).toHaveURL(/\/de\/cornerstone\/offline$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Offline-Installationsprogramm');

  await gotoHydrated(page, '/de/metallographics');
  await page.getByRole('main').getByRole('link', { name: 'MX-Serie' }).click();
  await expect(page).toHaveURL(/\/de\/metallographics\/mx$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('MX-Serie');
  await expect(page.getByRole('link', { name: /^MX-Simulator/ })).toHaveAttribute('target', '_blank');
  expect(pageProblems).toEqual([]);
});

test('a German visitor finds the German home page in one click: German words, German dates, German links', async ({
  page,
  pageProblems,
}) => {
  await gotoHydrated(page, '/?from=mail');
  const switcher = page.getByRole('navigation', { name: 'Languages' });
  await expect(switcher.getByRole('link')).toHaveText([
    'English',
    'Deutsch',
    'Français',
    'Español',
    '日本語',
    '简体中文',
  ]);
  await expect(switcher.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'page');
  await switcher.getByRole('link', { name: 'Deutsch' }).click();

  // The page and its query kept, in German.
  await expect(page).toHaveURL(/\/de\?from=mail$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 2, name: 'Neuigkeiten' })).toBeVisible();
  await expect(page.locator('#home-news time').first()).toHaveText(
    /^\d{1,2}\. (Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember) \d{4}$/,
  );
  await expect(page.locator('#home-news').getByText('Veröffentlicht am').first()).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('button', { name: 'Metallografie' }),
  ).toBeVisible();
  // Back to English in one click, and the brand leads to the German home page.
  await expect(
    page.getByRole('navigation', { name: 'Sprachen' }).getByRole('link', { name: 'English' }),
  ).toHaveAttribute('href', '/?from=mail');
  await expect(page.getByRole('banner').getByRole('link').first()).toHaveAttribute('href', '/de');
  // A page offered in German is German.
  await page.getByRole('link', { name: 'ChromaTOF-Downloads' }).click();
  await expect(page).toHaveURL(/\/de\/chromatof$/);
  await expect(page.getByRole('heading', { level: 2, name: 'ChromaTOF herunterladen' })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'PX-Firmware', exact: true }).click();
  await expect(page).toHaveURL(/\/de\/metallographics\/px\/firmware$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Update-Anleitung' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Datenschutz' }).click();
  await expect(page).toHaveURL(/\/de\/privacy$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Welche Daten wir erfassen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect(pageProblems).toEqual([]);
});

/** The offline installer's lookup in a language: the words a visitor follows and reads there. */
interface LookupWords {
  /** The language's name in the switch. */
  name: string;
  /** Home's link to the lookup. */
  link: string;
  heading: string;
  label: string;
  find: string;
  versions: string;
  size: string;
  /** SPEC §8's "Invalid Registration ID", translated. */
  invalid: string;
  whatNext: string;
  day: RegExp;
}
const OFFLINE_LOOKUP: Record<Exclude<ShippedLanguage, 'en'>, LookupWords> = {
  de: {
    name: 'Deutsch',
    link: 'Cornerstone-Offline-Installationsprogramme',
    heading: 'Offline-Installationsprogramm',
    label: 'Registrierungs-ID',
    find: 'Suchen',
    versions: 'Versionen',
    size: 'Größe',
    invalid: 'Ungültige Registrierungs-ID',
    whatNext: 'Was Sie jetzt tun können',
    day: GERMAN_DAY,
  },
  fr: {
    name: 'Français',
    link: 'Programmes d’installation hors ligne de Cornerstone',
    heading: 'Programme d’installation hors ligne',
    label: 'Identifiant d’enregistrement',
    find: 'Rechercher',
    versions: 'Versions',
    size: 'Taille',
    invalid: 'Identifiant d’enregistrement non valide',
    whatNext: 'Que faire maintenant',
    day: /^\d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}$/,
  },
  es: {
    name: 'Español',
    link: 'Instaladores sin conexión de Cornerstone',
    heading: 'Instalador sin conexión',
    label: 'ID de registro',
    find: 'Buscar',
    versions: 'Versiones',
    size: 'Tamaño',
    invalid: 'ID de registro no válido',
    whatNext: 'Qué hacer ahora',
    day: /^\d{1,2} de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre) de \d{4}$/,
  },
  ja: {
    name: '日本語',
    link: 'Cornerstone オフラインインストーラー',
    heading: 'オフラインインストーラー',
    label: '登録 ID',
    find: '検索',
    versions: 'バージョン',
    size: 'サイズ',
    invalid: '登録 ID が無効です',
    whatNext: '次の手順',
    day: /^\d{4}年\d{1,2}月\d{1,2}日$/,
  },
  'zh-Hans': {
    name: '简体中文',
    link: 'Cornerstone 离线安装程序',
    heading: '离线安装程序',
    label: '注册 ID',
    find: '查找',
    versions: '版本',
    size: '大小',
    invalid: '注册 ID 无效',
    whatNext: '接下来怎么做',
    day: /^\d{4}年\d{1,2}月\d{1,2}日$/,
  },
};

test('a visitor of each language reaches its home page from the English one in one click, looks up DEMO-CS-1001 with its dates, and a mistyped ID gets its error', async ({
  page,
  pageProblems,
}) => {
  for (const language of Object.keys(OFFLINE_LOOKUP) as (keyof typeof OFFLINE_LOOKUP)[]) {
    const words = OFFLINE_LOOKUP[language];
    await test.step(language, async () => {
      await gotoHydrated(page, '/');
      await page.getByRole('navigation', { name: 'Languages' }).getByRole('link', { name: words.name }).click();
      await expect(page).toHaveURL(new RegExp(`${pathInLanguage('/', language)}$`));
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.getByRole('main').getByRole('link', { name: words.link }).click();
      const offline = pathInLanguage('/cornerstone/offline', language);
      await expect(page).toHaveURL(new RegExp(`${offline}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.heading);
      await page.getByLabel(words.label).fill('DEMO-CS-1001');
      await page.getByRole('button', { name: words.find }).click();
      await expect(page).toHaveURL(new RegExp(`${offline}\\?registrationId=DEMO-CS-1001$`));
      const versions = page.getByRole('region', { name: words.versions });
      await expect(versions.getByText('Cornerstone 2.10.0', { exact: true })).toBeVisible();
      await expect(versions.locator('dd time').first()).toHaveText(words.day);
      await expect(versions.getByRole('term').filter({ hasText: words.size }).first()).toBeVisible();

      await page.getByLabel(words.label).fill('DEMO-CS-1O01');
      await page.getByRole('button', { name: words.find }).click();
      await expect(page.getByRole('alert')).toHaveText(words.invalid);
      await expect(page.getByRole('heading', { name: words.whatNext })).toBeVisible();
    });
  }
  expect(acceptProblems(pageProblems, answeredWith(401))).toHaveLength(Object.keys(OFFLINE_LOOKUP).length);
  expect(pageProblems).toEqual([]);
});

test('the switch keeps the page, its query and what the visitor typed and has not sent', async ({
  page,
  pageProblems,
}) => {
  // A lookup with results, in one click from English to Japanese: the same search, Japanese words.
  await gotoHydrated(page, '/cornerstone/offline?registrationId=DEMO-CS-1001');
  await expect(page.getByRole('region', { name: 'Versions' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Languages' }).getByRole('link', { name: '日本語' }).click();
  await expect(page).toHaveURL(/\/ja\/cornerstone\/offline\?registrationId=DEMO-CS-1001$/);
  await expect(page.getByRole('region', { name: 'バージョン' }).locator('dd time').first()).toHaveText(
    /^\d{4}年\d{1,2}月\d{1,2}日$/,
  );

  // Typed, not sent: carried in the fragment only, typed back in, then gone from the address.
  await gotoHydrated(page, '/cornerstone/offline');
  await page.getByLabel('Registration ID').fill('DEMO-CS-1001');
  const arrived = page.waitForURL(/\/fr\/cornerstone\/offline#input:registrationId=DEMO-CS-1001$/);
  await page.getByRole('navigation', { name: 'Languages' }).getByRole('link', { name: 'Français' }).click();
  await arrived;
  await expect(page.getByLabel('Identifiant d’enregistrement')).toHaveValue('DEMO-CS-1001');
  await expect(page).toHaveURL(/\/fr\/cornerstone\/offline$/);
  expect(pageProblems).toEqual([]);
});

test.describe('a browser that asks for German', () => {
  test.use({ locale: 'de-DE' });

  test('is offered the German page in German, stays where it was, and can decline', async ({ page, pageProblems }) => {
    await gotoHydrated(page, '/');
    const offer = page.getByRole('complementary', { name: 'Diese Seite gibt es auch auf Deutsch.' });
    await expect(offer).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(offer.getByRole('link', { name: 'Auf Deutsch lesen' })).toHaveAttribute('href', '/de');
    await offer.getByRole('button', { name: 'Nein, danke' }).click();
    await expect(offer).toHaveCount(0);

    // Taken up, the offer leads to the German page, which offers nothing more.
    await page.reload();
    await page.getByRole('link', { name: 'Auf Deutsch lesen' }).click();
    await expect(page).toHaveURL(/\/de$/);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('complementary')).toHaveCount(0);
    expect(pageProblems).toEqual([]);
  });
});

test.describe('a browser that asks for Italian, then French', () => {
  test.use({ locale: 'it-IT', extraHTTPHeaders: { 'accept-language': 'it-IT,it;q=0.9,fr;q=0.8' } });

  test('is offered French, the first of its languages the portal has', async ({ page, pageProblems }) => {
    await page.addInitScript(() => Object.defineProperty(navigator, 'languages', { get: () => ['it-IT', 'it', 'fr'] }));
    await gotoHydrated(page, '/');
    await expect(page.getByRole('complementary', { name: 'Cette page existe aussi en français.' })).toBeVisible();
    expect(pageProblems).toEqual([]);
  });
});

/**
 * Text a visitor reads (runs of text and accessible names) with no letter of the
 * pseudo-language: words that did not come from the catalogues. Left aside: what is not words
 * (numbers, punctuation), what Intl writes (dates in `<time>`, sizes: a number and its unit),
 * what is in another language on purpose (`lang`: the switch's language names, what staff
 * wrote) or never translated (`translate="no"`: the maker's name, file names, SHA-256s,
 * commands, IDs, addresses) and code samples.
 */
async function untranslatedText(page: Page): Promise<string[]> {
  return page.evaluate((letters) => {
    const exempt = (element: Element | null) =>
      !element || element.closest('script, style, code, time, data, [translate="no"], [lang]:not(html)') !== null;
    const translated = (text: string) =>
      !/\p{L}/u.test(text) ||
      /^\(?[\d.,\s\u00a0\u202f]+\p{L}+\)?$/u.test(text) ||
      [...text].some((char) => letters.includes(char));
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // A run of text nodes side by side is one text (React writes a message's parts apart).
      if (node.previousSibling?.nodeType === Node.TEXT_NODE) continue;
      let text = '';
      for (let run: Node | null = node; run?.nodeType === Node.TEXT_NODE; run = run.nextSibling)
        text += run.textContent;
      text = text.trim();
      if (text && !exempt(node.parentElement) && !translated(text)) found.push(text);
    }
    for (const element of document.body.querySelectorAll('[aria-label], [title], [alt], [placeholder]')) {
      for (const name of ['aria-label', 'title', 'alt', 'placeholder']) {
        const text = element.getAttribute(name)?.trim();
        if (text && !exempt(element) && !translated(text)) found.push(`${name}="${text}"`);
      }
    }
    if (!translated(document.title)) found.push(`title: ${document.title}`);
    return found;
  }, PSEUDO_LETTERS);
}

/**
 * The pages offered in every language, as a visitor sees them: each page (the not-found page at
 * an unknown address), and the lookups with results and refused too.
 */
const PSEUDO_VISITS = [
  ...TRANSLATED_PAGES.map((path) => (path === '/404' ? '/no/such/page' : path)),
  '/cornerstone/offline?registrationId=DEMO-CS-1001',
  '/cornerstone/offline?registrationId=NO-SUCH-ID',
  '/cornerstone/pibs?registrationId=DEMO-CS-1001',
  '/cornerstone/dsvs?registrationId=DEMO-CS-1001',
  '/chromatof/pibs?registrationId=DEMO-KEY-2001',
  // The browser-only pages of a broken download link, each problem, and of an unknown feed entry.
  `${DOWNLOAD_LINK_PAGE}?problem=expired&lookup=offline-installer&file=Cornerstone-2.8.1-Offline.zip`,
  `${DOWNLOAD_LINK_PAGE}?problem=withdrawn&file=Cornerstone-2.8.1-Offline.zip`,
  `${DOWNLOAD_LINK_PAGE}?problem=invalid&from=%2Fcornerstone%2Fdsvs`,
  FEED_FILE_PAGE,
];

test('the pseudo-language: no page offered in every language shows untranslated text or overflows at 360 px', async ({
  page,
  pageProblems,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 360, height: 740 });
  // The browser-only pages offered in every language, with something to show.
  for (const path of [...PSEUDO_VISITS, await newestAdvisory(page), await feedEntry(page)]) {
    await test.step(path, async () => {
      await gotoInitialized(page, pathInLanguage(path, PSEUDO_LANGUAGE));
      await expect(page.locator('html')).toHaveAttribute('lang', PSEUDO_LANGUAGE);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      // What opens on a click is checked open: a download's check.
      for (const summary of await page.locator('main summary').all()) await summary.click();
      expect(await untranslatedText(page), `${path}: untranslated`).toEqual([]);
      const closed = await sidewaysOverflow(page);
      expect(closed.scrollWidth, `${path}: the page scrolls sideways`).toBeLessThanOrEqual(closed.clientWidth);
      expect(closed.sticking, `${path}: past the edge of the screen`).toEqual([]);
      // The menu open, each dropdown in turn: the longest words of the shell.
      await page.getByRole('banner').getByRole('button').first().click();
      for (const group of await page.getByRole('banner').getByRole('button', { expanded: false }).all()) {
        await group.click();
        const open = await sidewaysOverflow(page);
        expect(open.sticking, `${path}: the open menu past the edge of the screen`).toEqual([]);
      }
    });
  }
  expect(acceptProblems(pageProblems, answeredWith(401))).toHaveLength(1);
  expect(pageProblems).toEqual([]);
});
