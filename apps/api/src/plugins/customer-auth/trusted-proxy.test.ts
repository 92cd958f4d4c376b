import { describe, expect, it } from 'vitest';
import { DEMO, useDemoPortal } from '../../../test/demo-portal';

const PROXY = '10.0.0.7';
const demo = useDemoPortal({ env: { TRUST_PROXY: `${PROXY},192.0.2.0/24` } });

const viaProxy = (authorization: string, forwardedFor: string, proxy = PROXY) =>
  demo.get('/v1/Cornerstone/versions', authorization, {
    remoteAddress: proxy,
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('clients behind a trusted proxy (TRUST_PROXY)', () => {
  it('gives each client the proxy forwards for a budget of its own', async () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      expect((await viaProxy(`Hasp id=GUESS-P-${attempt}`, '198.51.100.50')).statusCode).toBe(401);
    }
    expect((await viaProxy('Hasp id=GUESS-P-NEXT', '198.51.100.50')).statusCode).toBe(429);
    expect((await viaProxy(DEMO.CS, '198.51.100.51')).statusCode).toBe(200);
    // A range of proxies is trusted too.
    expect((await viaProxy(DEMO.CS, '198.51.100.52', '192.0.2.9')).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from an address it does not trust', async () => {
    const stranger = '203.0.113.200';
    for (let attempt = 0; attempt < 20; attempt++) {
      await viaProxy(`Hasp id=GUESS-U-${attempt}`, `198.51.100.${100 + attempt}`, stranger);
    }
    // All twenty counted against the stranger itself, whatever it claimed to forward for.
    expect((await viaProxy(DEMO.CS, '198.51.100.99', stranger)).statusCode).toBe(429);
  });
});
