import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FileLink } from './file-link';

const render = (href: string, inline: boolean) =>
  renderToStaticMarkup(
    <FileLink href={href} inline={inline}>
      File
    </FileLink>,
  );

describe('which files open in the browser: the server says so (FileDetails.inline)', () => {
  it('opens a file sent inline in a new tab that cannot reach back, and says so', () => {
    const html = render('/v1/files/0b7c/DSV-Cornerstone-2.10.0.pdf?expires=1&grant=staff&signature=x', true);
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener"');
    expect(html).toContain('(PDF, opens in a new tab)');
    expect(html).not.toContain('download');
  });

  it('downloads anything else in place, whatever its name ends in', () => {
    for (const href of [
      '/v1/files/0b7c/Cornerstone-2.8.1-Offline.zip?expires=1',
      '/v1/files/0b7c/notes.pdf.zip',
      // A name that says PDF, sent as an attachment: it downloads, as the server sends it.
      '/v1/files/0b7c/Manual%20v2.PDF',
    ]) {
      const html = render(href, false);
      expect(html).toMatch(/<a [^>]*download=""/);
      expect(html).not.toContain('target=');
      expect(html).not.toContain('opens in a new tab');
    }
  });

  it('opens a file the server sends inline even when its name does not end in .pdf', () => {
    expect(render('/v1/files/0b7c/scan', true)).toContain('target="_blank"');
  });
});
