import { request } from 'node:http';

/**
 * Home's budget (docs/web-app.md, "Budgets and how they are checked"; decisions 165 and 252):
 * the JavaScript '/' loads by the time the network is idle (the telemetry collector included)
 * and its CSS, in KB (1,024 bytes) as the portal sends them to a client that accepts gzip only.
 * The Lighthouse bench and `e2e/shell.spec.ts` hold '/' to it.
 */
export const HOME_BUDGET_KB = { js: 120, css: 20 } as const;

/**
 * Every other customer page's JavaScript by network idle, counted as Home's (a lookup with its
 * results, as `e2e/page-visits.ts` plans the visit), by route: what each loaded when these were
 * set (issue 51), rounded up to the whole KB, plus 1 KB, so a page grows only by a decision
 * taken here. `e2e/shell.spec.ts` holds every customer route to its figure, and fails for a
 * customer route that has none.
 */
export const CUSTOMER_PAGE_JS_BUDGET_KB: Readonly<Record<string, number>> = {
  '/': HOME_BUDGET_KB.js,
  '/cornerstone': 125,
  '/cornerstone/mobile': 121,
  '/cornerstone/offline': 136,
  '/cornerstone/pibs': 136,
  '/cornerstone/dsvs': 135,
  '/chromatof': 138,
  '/chromatof/pibs': 136,
  '/metallographics': 121,
  '/metallographics/px': 122,
  '/metallographics/mx': 122,
  '/metallographics/cx': 122,
  '/metallographics/px/firmware': 135,
  '/metallographics/mx/firmware': 135,
  '/metallographics/cx/firmware': 135,
  '/service': 133,
  '/privacy': 123,
  // Their own words in six languages (issue 50): 124.9 and 127.0 KB in English, of which their
  // messages and the tiny chunks that carry them to the page are about 1.1 and 1.3 KB; set
  // again as above, 1 KB over what they load.
  '/security': 126,
  '/security/policy': 123,
  '/security/:advisoryId': 128,
  '/download-link': 121,
  '/feed-file': 132,
  '/*': 118,
};

/**
 * The bytes of one response on the wire when the client accepts `encoding` ('gzip', or
 * 'identity' for the body as it is): the portal's precompressed form, or the file itself
 * when compressing it saves nothing.
 */
export function responseBytes(url: string, encoding: 'gzip' | 'identity'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': encoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks)));
    })
      .on('error', reject)
      .end();
  });
}
