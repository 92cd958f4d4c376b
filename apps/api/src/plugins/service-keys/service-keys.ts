import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { derivedKey } from '../../shared/keyed-digest';
import { isOcraQuestion, ocra, parseOcraSuite } from '../../shared/ocra';
import { issueExpiringKey, type ExpiringKey } from './expiring-key';

declare module 'fastify' {
  interface FastifyInstance {
    serviceKeys: ServiceKeys;
  }
}

/** The suite of the specific challenge / response (docs/service-keys.md). */
export const CHALLENGE_RESPONSE_SUITE = 'OCRA-1:HOTP-SHA256-8:QN08';

/** The SECRET_KEY purposes the two keys are derived for; an instrument is provisioned with the derived keys. */
export const SERVICE_KEY_PURPOSES = {
  challengeResponse: 'service-keys:challenge-response',
  expiring: 'service-keys:expiring-key',
} as const;

export interface ServiceKeys {
  /** The response code for a challenge key, or undefined when the challenge is malformed. */
  responseFor(challengeKey: string): string | undefined;
  /** The expiring key issued at `now`. */
  expiringKey(now?: Date): ExpiringKey;
}

export function createServiceKeys(secretKey: Buffer): ServiceKeys {
  const suite = parseOcraSuite(CHALLENGE_RESPONSE_SUITE);
  const challengeKey = derivedKey(secretKey, SERVICE_KEY_PURPOSES.challengeResponse);
  const expiringKey = derivedKey(secretKey, SERVICE_KEY_PURPOSES.expiring);
  return {
    responseFor: (question) => (isOcraQuestion(suite, question) ? ocra(suite, challengeKey, { question }) : undefined),
    expiringKey: (now = new Date()) => issueExpiringKey(expiringKey, now),
  };
}

/** Service Mode keys, needed by the service-keys feature and the password reset's mailed response key. */
export default fp(
  async function serviceKeys(app: FastifyInstance) {
    app.decorate('serviceKeys', createServiceKeys(app.secretKey));
  },
  { name: 'service-keys', dependencies: ['config'] },
);
