import { describe, expect, it } from 'vitest';
import { summaryText } from './change-words';

describe('the summary of a change', () => {
  it('names each section in the screen words, with only the counts that are not zero', () => {
    expect(
      summaryText({
        dsvs: { added: 0, changed: 0, withdrawn: 1, restored: 0 },
        files: { added: 0, changed: 0, withdrawn: 1, restored: 0 },
        versions: { added: 2, changed: 1, withdrawn: 0, restored: 0 },
      }),
    ).toBe('DSVs: 1 withdrawn; files: 1 withdrawn; versions: 2 added, 1 changed');
  });

  it('says so when an import changed nothing', () => {
    expect(summaryText({})).toBe('No changes');
  });
});
