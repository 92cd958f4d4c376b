import { Type, type Static } from 'typebox';

export const SERVICE_KEYS_PATHS = {
  challenge: '/v1/Cornerstone/ServiceKey/Challenge/:challengeKey',
  expiring: '/v1/Cornerstone/ServiceKey',
} as const;

/** The challenge path for one challenge key, encoded. */
export function serviceKeyChallengePath(challengeKey: string): string {
  return SERVICE_KEYS_PATHS.challenge.replace(':challengeKey', encodeURIComponent(challengeKey));
}

/** The 404 text of SPEC §8 for a malformed challenge key. */
export const INVALID_CHALLENGE_KEY = 'Invalid Challenge Key';

/** SPEC §9: the expiring key is valid 24 hours and the screen refreshes it every 15 minutes. */
export const EXPIRING_KEY_VALID_HOURS = 24;
export const EXPIRING_KEY_REFRESH_MINUTES = 15;

export const ChallengeKeyParams = Type.Object({
  // Any text reaches the handler, so a malformed challenge gets SPEC §8's 404 rather than a 400.
  challengeKey: Type.String({ maxLength: 100 }),
});
export type ChallengeKeyParams = Static<typeof ChallengeKeyParams>;

export const ServiceKeyResponse = Type.Object({ responseCode: Type.String() }, { $id: 'ServiceKeyResponse' });
export type ServiceKeyResponse = Static<typeof ServiceKeyResponse>;

export const ExpiringServiceKey = Type.Object(
  {
    responseCode: Type.String(),
    /** When the instrument stops accepting it (ISO 8601): 24 hours after the end of its issue minute. */
    expiresAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'ExpiringServiceKey' },
);
export type ExpiringServiceKey = Static<typeof ExpiringServiceKey>;
