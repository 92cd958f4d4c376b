import { describe, expect, it } from 'vitest';
import { oidcUnavailableMessage } from './sign-in-oidc';

describe('oidcUnavailableMessage', () => {
  it('points to the e-mailed link while that door is open', () => {
    expect(oidcUnavailableMessage('Contoso')).toBe(
      'Sign-in with Contoso is unavailable right now; use the e-mailed link.',
    );
  });

  it('never points to an e-mailed link that OIDC_ONLY took away', () => {
    const words = oidcUnavailableMessage('Contoso', { emailDoor: false });
    expect(words).toBe('Sign-in with Contoso is unavailable right now; try again in a few minutes.');
    expect(words).not.toMatch(/e-mail/);
  });
});
