import { describe, expect, it } from 'vitest';
import { fileTypeLabel } from './file-type';

describe('fileTypeLabel', () => {
  it('names installers by their extension, documents by what they are', () => {
    expect(fileTypeLabel({ fileName: 'Setup.exe', contentType: 'application/octet-stream' }, 'installer')).toBe(
      'Installer (EXE)',
    );
    expect(
      fileTypeLabel({ fileName: 'Cornerstone-2.10.0-Offline.zip', contentType: 'application/zip' }, 'installer'),
    ).toBe('Installer (ZIP)');
    expect(fileTypeLabel({ fileName: 'PIB.pdf', contentType: 'application/pdf' }, 'document')).toBe('PDF');
    expect(fileTypeLabel({ fileName: 'notes.txt', contentType: 'text/plain; charset=utf-8' }, 'document')).toBe(
      'Text (TXT)',
    );
    expect(fileTypeLabel({ fileName: 'manual.zip', contentType: 'application/zip' }, 'document')).toBe('ZIP');
  });

  it('falls back to the media type for a name without an extension', () => {
    expect(fileTypeLabel({ fileName: 'README', contentType: 'application/octet-stream' }, 'document')).toBe(
      'application/octet-stream',
    );
    expect(fileTypeLabel({ fileName: 'setup.', contentType: 'application/x-msi' }, 'installer')).toBe('Installer');
  });
});
