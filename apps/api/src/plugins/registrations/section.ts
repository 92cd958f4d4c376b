import { sql, type SQL } from 'drizzle-orm';
import type { CatalogueSection } from '../catalogue/section-kit';
import { upsertEach, type Changes } from '../catalogue/upsert';
import { normaliseCustomerId } from './registrations';
import { registrations, type RegistrationRecord } from './registrations-tables';

/**
 * The registrations section of the catalogue (plugins/catalogue/sections.ts): Cornerstone
 * registration IDs and ChromaTOF key IDs, stored only as keyed digests. A shared service,
 * not a feature: customer authentication, publishing and the password reset all need it.
 */
export const registrationsSection = {
  /** Each ID once (a problem never repeats one), every family and flag known. */
  check(manifest, problems) {
    problems.duplicates(
      'registrations',
      manifest.registrations.map((registration) => normaliseCustomerId(registration.registrationId)),
      { secret: true },
    );
    manifest.registrations.forEach((registration, index) => {
      problems.knownFamily(`registrations[${index}]`, registration.family);
      for (const flag of registration.flags ?? []) problems.knownFamily(`registrations[${index}]`, flag);
    });
    problems.duplicates(
      'keyIds',
      (manifest.keyIds ?? []).map((key) => normaliseCustomerId(key.keyId)),
      { secret: true },
    );
  },

  async upsert(tx, manifest, { digestOf }) {
    const rows = [
      ...manifest.registrations.map((registration) => ({
        idDigest: digestOf({ scheme: 'hasp', id: registration.registrationId }),
        scheme: 'hasp' as const,
        family: registration.family,
        flags: registration.flags ?? [],
        product: null,
        downloads: [],
        revoked: registration.revoked ?? false,
      })),
      ...(manifest.keyIds ?? []).map((key) => ({
        idDigest: digestOf({ scheme: 'rainbow', id: key.keyId }),
        scheme: 'rainbow' as const,
        family: null,
        flags: [],
        product: key.product,
        downloads: key.downloads ?? [key.product],
        revoked: key.revoked ?? false,
      })),
    ];
    return {
      registrations: await upsertEach(tx, registrations, rows, registrations.idDigest, {
        scheme: registrations.scheme,
        family: registrations.family,
        flags: registrations.flags,
        product: registrations.product,
        downloads: registrations.downloads,
        revoked: registrations.revoked,
      }),
    };
  },

  async load(db) {
    const rows = await db.select().from(registrations);
    return () => ({ registrations: new Map(rows.map((registration) => [registration.idDigest, registration])) });
  },
} satisfies CatalogueSection<{ registrations: Changes }, { registrations: Map<string, RegistrationRecord> }>;

/** Whether any registration or key ID is published (the catalogue counts as empty without versions and registrations). */
export function anyRegistration(): SQL {
  return sql`EXISTS (SELECT 1 FROM ${registrations})`;
}
