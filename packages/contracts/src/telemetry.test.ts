import { describe, expect, it } from 'vitest';
import { scrubErrorMessage, scrubErrorStack, TELEMETRY_PATH_PATTERN } from './telemetry-rules';

describe('telemetry rules', () => {
  it('takes e-mail and IP addresses and ID-like words out of an error message', () => {
    expect(scrubErrorMessage('No answer for DEMO-CS-1001 (jane.doe@example.com) from 192.0.2.4 or 2001:db8::1')).toBe(
      'No answer for [id] ([email]) from [address] or [address]',
    );
    expect(scrubErrorMessage('HTTP 404: Not Found')).toBe('HTTP 404: Not Found');
  });

  it('keeps file names in a stack, without origins or query strings', () => {
    expect(scrubErrorStack('Error\n    at f (https://portal.example:8443/assets/a-1.js?registrationId=X:1:20)')).toBe(
      'Error\n    at f (/assets/a-1.js:1:20)',
    );
  });

  it('accepts page paths of words and dashes only', () => {
    const path = new RegExp(TELEMETRY_PATH_PATTERN);
    for (const ok of ['/', '/404', '/cornerstone/offline', '/service/cornerstone/products-options']) {
      expect(path.test(ok), ok).toBe(true);
    }
    for (const bad of ['', '/cornerstone/pibs?registrationId=A', '/DEMO-CS-1001', '/a/b1', '/a//b', '/a/']) {
      expect(path.test(bad), bad).toBe(false);
    }
  });
});
