// npm run screenshots: full-page PNGs of every public screen, and the lookups' result states,
// at 360, 768 and 1440 px, in Debian's Chromium against the production build (run
// `npm run build` first). They land in test-results/screenshots/<width>/ (not committed):
// look at them after changing the look (docs/web-app.md, "Design system").
// Pass MAKER_LOGO=path/to/logo.svg to see the header with a logo instead of the wordmark.
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, startPortal } from '../test-kit/portal-process.ts';

const WIDTHS = [360, 768, 1440];
const SCREENS = [
  ['home', '/'],
  ['cornerstone', '/cornerstone'],
  ['cornerstone-mobile', '/cornerstone/mobile'],
  ['offline-installer', '/cornerstone/offline'],
  ['offline-installer-results', '/cornerstone/offline?registrationId=DEMO-CS-1001'],
  ['offline-installer-rejected', '/cornerstone/offline?registrationId=NO-SUCH-ID'],
  ['pibs', '/cornerstone/pibs'],
  ['pibs-results', '/cornerstone/pibs?registrationId=DEMO-CS-1001'],
  ['dsvs', '/cornerstone/dsvs'],
  ['dsvs-results', '/cornerstone/dsvs?registrationId=DEMO-CS-1001'],
  ['chromatof', '/chromatof'],
  ['chromatof-pibs', '/chromatof/pibs'],
  ['metallographics', '/metallographics'],
  ['px', '/metallographics/px'],
  ['mx', '/metallographics/mx'],
  ['cx', '/metallographics/cx'],
  ['px-firmware', '/metallographics/px/firmware'],
  ['mx-firmware', '/metallographics/mx/firmware'],
  ['cx-firmware', '/metallographics/cx/firmware'],
  ['service', '/service'],
  ['releases-signed-out', '/service/cornerstone/releases'],
  ['privacy', '/privacy'],
  ['not-found', '/no/such/page'],
];

const outDir = path.join(REPO_ROOT, 'test-results/screenshots');
const env = { MAKER_NAME: 'Example Instruments' };
if (process.env.MAKER_LOGO) env.MAKER_LOGO = path.resolve(process.env.MAKER_LOGO);
const portal = await startPortal({ env });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
});
try {
  for (const width of WIDTHS) {
    mkdirSync(path.join(outDir, String(width)), { recursive: true });
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    for (const [name, screen] of SCREENS) {
      await page.goto(`${portal.url}${screen}`);
      await page.waitForFunction(() => '__reactRouterDataRouter' in globalThis);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(outDir, String(width), `${name}.png`), fullPage: true });
    }
    await page.close();
  }
  console.log(`${WIDTHS.length * SCREENS.length} screenshots in ${path.relative(process.cwd(), outDir)}/`);
} finally {
  await browser.close();
  await portal.close();
}
