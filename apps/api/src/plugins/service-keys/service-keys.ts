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

/**
 * The SECRET_KEY purposes the three keys are derived for; an instrument is provisioned with
 * the derived keys. The password reset has a key of its own: with Service Mode's key, anyone
 * who may use Service Mode could read the response the reset tool mails only to a
 * registration's administrators.
 */
export const SERVICE_KEY_PURPOSES = {
  challengeResponse: 'service-keys:challenge-response',
  expiring: 'service-keys:expiring-key',
  passwordReset: 'service-keys:password-reset',
} as const;

export interface ServiceKeys {
  /** Service Mode's response code for a challenge key, or undefined when the challenge is malformed. */
  responseFor(challengeKey: string): string | undefined;
  /** The password reset's response key for an instrument's challenge (mailed to its administrators only). */
  passwordResetResponseFor(challengeKey: string): string | undefined;
  /** The expiring key issued at `now`. */
  expiringKey(now?: Date): ExpiringKey;
}

export function createServiceKeys(secretKey: Buffer): ServiceKeys {
  const suite = parseOcraSuite(CHALLENGE_RESPONSE_SUITE);
  const responder = (key: Buffer) => (question: string) =>
    isOcraQuestion(suite, question) ? ocra(suite, key, { question }) : undefined;
  const expiringKey = derivedKey(secretKey, SERVICE_KEY_PURPOSES.expiring);
  return {
    responseFor: responder(derivedKey(secretKey, SERVICE_KEY_PURPOSES.challengeResponse)),
    passwordResetResponseFor: responder(derivedKey(secretKey, SERVICE_KEY_PURPOSES.passwordReset)),
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
