import { describe, expect, it } from 'vitest';
import { uploadFailureMessage } from './file-upload';

describe('a draft file in the browser', () => {
  it('says why an upload failed: the server’s own message, its status, or how far a lost connection got', () => {
    const answered = (status: number, body: string) => ({
      originalResponse: { getStatus: () => status, getBody: () => body },
    });
    expect(uploadFailureMessage(answered(400, '{"message":"The uploaded bytes have another SHA-256."}'), 5, 10)).toBe(
      'The uploaded bytes have another SHA-256.',
    );
    expect(uploadFailureMessage(answered(502, '<html>Bad gateway</html>'), 5, 10)).toBe(
      'The upload was refused (HTTP status code 502).',
    );
    expect(uploadFailureMessage(new Error('xhr error'), 8_388_608, 50_000_000)).toBe(
      'The connection was lost after 8.4 MB of 50 MB. Choose the file again to resume.',
    );
  });
});
