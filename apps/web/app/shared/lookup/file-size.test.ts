import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('says bytes below a kilobyte and the largest fitting unit above', () => {
    expect(formatFileSize(0)).toBe('0 bytes');
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(999)).toBe('999 bytes');
    expect(formatFileSize(2_400)).toBe('2.4 kB');
    expect(formatFileSize(734_003_200)).toBe('734 MB');
    expect(formatFileSize(1_300_000_000)).toBe('1.3 GB');
    expect(formatFileSize(4_000_000_000_000)).toBe('4,000 GB');
  });
});
