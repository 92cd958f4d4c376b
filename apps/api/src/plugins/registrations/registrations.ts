import type { CustomerCredential, CustomerScheme } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { keyedDigester } from '../../shared/keyed-digest';
import type { CatalogueSnapshot } from '../catalogue/catalogue-snapshot';
import type { RegistrationRecord } from './registrations-tables';

declare module 'fastify' {
  interface FastifyInstance {
    registrations: Registrations;
  }
}

export interface Registrations {
  /** The keyed digest a registration ID or key ID is stored under. */
  digestOf(credential: CustomerCredential): string;
  /** The published, unrevoked registration a credential names, if any; pass its digest when already made. */
  find(credential: CustomerCredential, digest?: string): Promise<RegistrationRecord | undefined>;
  /** The same in a snapshot already at hand (`catalogue.loaded()`), without a promise turn. */
  findIn(snapshot: CatalogueSnapshot, credential: CustomerCredential, digest: string): RegistrationRecord | undefined;
}

/** Registration IDs and key IDs are matched without regard to case or stray spaces: customers type them. */
export function normaliseCustomerId(id: string): string {
  return id.trim().toUpperCase();
}

const PURPOSES: Record<CustomerScheme, string> = { hasp: 'registration-id', rainbow: 'key-id' };

/**
 * The only form in which a registration ID (`hasp`) or key ID (`rainbow`) is stored or
 * looked up: a keyed digest of its normalised form, with a purpose of its own per scheme.
 */
export function registrationDigester(secretKey: Buffer): (credential: CustomerCredential) => string {
  const digesters = {
    hasp: keyedDigester(secretKey, PURPOSES.hasp),
    rainbow: keyedDigester(secretKey, PURPOSES.rainbow),
  };
  return ({ scheme, id }) => digesters[scheme](normaliseCustomerId(id));
}

export default fp(
  async function registrations(app: FastifyInstance) {
    const digestOf = registrationDigester(app.secretKey);
    const findIn = (snapshot: CatalogueSnapshot, credential: CustomerCredential, digest: string) => {
      const registration = snapshot.registrations.get(digest);
      return registration && registration.scheme === credential.scheme && !registration.revoked
        ? registration
        : undefined;
    };
    app.decorate('registrations', {
      digestOf,
      findIn,
      async find(credential: CustomerCredential, digest = digestOf(credential)) {
        return findIn(await app.catalogue.get(), credential, digest);
      },
    });
  },
  { name: 'registrations', dependencies: ['config', 'catalogue'] },
);
