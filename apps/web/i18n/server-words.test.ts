import { FEED_REVOKED, fileWithdrawnMessage } from '@portal/contracts';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_DIR, readMessagesModule } from './catalogues.ts';

/** A message's English as written in its module (`download-link.withdrawnTitle`). */
function english(module: string, name: string): string {
  const found = readMessagesModule(path.join(APP_DIR, module)).find((message) => message.name === name);
  if (!found) throw new Error(`${module} has no message ${name}`);
  return found.source;
}

// A page in another language says what the API answers in its own words, told by the
// answer's code (docs/api.md, "Error codes"); in English it says the API's words, which SPEC
// fixes. The two Englishes must stay one.
describe("the pages' English for what the API answers", () => {
  it('is the API’s, word for word', () => {
    const maker = 'Acme Instruments';
    const withMaker = (source: string) => source.replace('{maker}', maker);
    expect(withMaker(english('features/files/download-link.messages.ts', 'withdrawnTitle'))).toBe(
      fileWithdrawnMessage(maker).replace(/\.$/, ''),
    );
    expect(withMaker(english('features/feeds/feed-file.messages.ts', 'fileWithdrawn'))).toBe(
      fileWithdrawnMessage(maker),
    );
    expect(english('features/feeds/feed-file.messages.ts', 'feedReplaced')).toBe(FEED_REVOKED);
  });
});
