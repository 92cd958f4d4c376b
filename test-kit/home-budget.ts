import { request } from 'node:http';

/**
 * Home's budget (docs/web-app.md, "Budgets and how they are checked"; decisions 165 and 252):
 * the JavaScript '/' loads by the time the network is idle (the telemetry collector included)
 * and its CSS, in KB (1,024 bytes) as the portal sends them to a client that accepts gzip only.
 * The Lighthouse bench and `e2e/shell.spec.ts` hold '/' to it.
 */
export const HOME_BUDGET_KB = { js: 120, css: 20 } as const;

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
