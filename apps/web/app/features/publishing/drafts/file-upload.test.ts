import { describe, expect, it } from 'vitest';
import {
  fileKey,
  isRetryable,
  RETRY_FOR_MS,
  retryDelayMs,
  uploadFailureMessage,
  uploadsTotal,
  type UploadProgress,
} from './file-upload';

const answered = (status: number, body: string) => ({
  originalResponse: { getStatus: () => status, getBody: () => body },
});

describe('a draft file in the browser', () => {
  it('says why an upload failed: the server’s own message, its status, or how far a lost connection got', () => {
    expect(uploadFailureMessage(answered(400, '{"message":"The uploaded bytes have another SHA-256."}'), 5, 10)).toBe(
      'The uploaded bytes have another SHA-256.',
    );
    expect(uploadFailureMessage(answered(502, '<html>Bad gateway</html>'), 5, 10)).toBe(
      'The upload was refused (HTTP status code 502).',
    );
    expect(uploadFailureMessage(new Error('xhr error'), 8_388_608, 50_000_000)).toBe(
      'The connection was lost after 8.4 MB of 50 MB.',
    );
  });

  it('tries again after a lost connection, a server fault or a busy upload, never after a refusal', () => {
    expect(isRetryable(new Error('xhr error'))).toBe(true);
    expect(isRetryable(answered(502, ''))).toBe(true);
    expect(isRetryable(answered(423, ''))).toBe(true);
    expect(isRetryable(answered(409, ''))).toBe(true);
    expect(isRetryable(answered(422, '{"message":"another SHA-256"}'))).toBe(false);
    expect(isRetryable(answered(413, ''))).toBe(false);
    expect(isRetryable(answered(403, ''))).toBe(false);
  });

  it('backs off to at most 2 s between tries, for 10 minutes: a connection back is found within 2 s', () => {
    expect([0, 1, 2, 3, 4, 20].map(retryDelayMs)).toEqual([250, 500, 1_000, 2_000, 2_000, 2_000]);
    expect(RETRY_FOR_MS).toBe(600_000);
  });

  it('adds up the draft’s uploads under way, leaving out other drafts and finished ones', () => {
    const all = new Map<string, UploadProgress>([
      ['d1:a', { state: 'uploading', name: 'a', bytesSent: 10, totalBytes: 100, resumedAt: 0, recognised: false }],
      ['d1:b', { state: 'retrying', name: 'b', bytesSent: 5, totalBytes: 50, since: 0 }],
      ['d1:c', { state: 'waiting', name: 'c', totalBytes: 20, why: 'queued' }],
      ['d1:d', { state: 'uploaded', name: 'd', totalBytes: 1_000 }],
      ['d2:e', { state: 'uploading', name: 'e', bytesSent: 1, totalBytes: 2, resumedAt: 0, recognised: false }],
    ]);
    expect(uploadsTotal(all, 'd1')).toEqual({ files: 3, sentBytes: 15, totalBytes: 170 });
    expect(uploadsTotal(all, 'd3')).toEqual({ files: 0, sentBytes: 0, totalBytes: 0 });
  });

  it('keys a file sent before its SHA-256 is known by its draft, name, size and date, counted in the draft’s total', () => {
    const file = new File(['abc'], 'a:b.zip', { lastModified: 1_700_000_000_000 });
    const key = fileKey('d1', file);
    expect(key).toBe('d1:file:["a:b.zip",3,1700000000000]');
    const all = new Map<string, UploadProgress>([
      [key, { state: 'uploading', name: 'a:b.zip', bytesSent: 1, totalBytes: 3, resumedAt: 0, recognised: false }],
    ]);
    expect(uploadsTotal(all, 'd1')).toEqual({ files: 1, sentBytes: 1, totalBytes: 3 });
  });
});
