import { describe, expect, it, vi } from 'vitest';
import { saveBlob, type SaveBlobEnvironment } from './save-blob';

function fakeBrowser() {
  const link = { href: '', download: '', hidden: false, click: vi.fn(), remove: vi.fn() };
  const environment = {
    document: { createElement: vi.fn(() => link), body: { append: vi.fn() } },
    url: { createObjectURL: vi.fn(() => 'blob:portal/1'), revokeObjectURL: vi.fn() },
  };
  return { link, environment, asEnvironment: environment as unknown as SaveBlobEnvironment };
}

describe('saving a file fetched with the bearer', () => {
  it('clicks a download link to an object URL of the Blob, then removes the link and revokes the URL', async () => {
    vi.useFakeTimers();
    try {
      const { link, environment, asEnvironment } = fakeBrowser();
      const blob = new Blob(['id,action\n1,people.invite\n'], { type: 'text/csv' });
      saveBlob(blob, 'audit-log-2026-11-25.csv', asEnvironment);
      expect(environment.url.createObjectURL).toHaveBeenCalledWith(blob);
      expect(link).toMatchObject({ href: 'blob:portal/1', download: 'audit-log-2026-11-25.csv' });
      expect(link.click).toHaveBeenCalledOnce();
      expect(link.remove).toHaveBeenCalledOnce();
      // Not before the browser has taken the file.
      expect(environment.url.revokeObjectURL).not.toHaveBeenCalled();
      await vi.runAllTimersAsync();
      expect(environment.url.revokeObjectURL).toHaveBeenCalledWith('blob:portal/1');
    } finally {
      vi.useRealTimers();
    }
  });
});
