import { randomBytes } from 'node:crypto';
import * as openpgp from 'openpgp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { loadConfig } from '../../config/config';
import { loadCsafSigning } from './csaf-signing';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const userId = { name: 'Acme CSAF', email: 'security@example.com' };

async function verifies(armoredKey: string, bytes: Buffer, armoredSignature: string) {
  const verification = await openpgp.verify({
    message: await openpgp.createMessage({ binary: new Uint8Array(bytes) }),
    signature: await openpgp.readSignature({ armoredSignature }),
    verificationKeys: await openpgp.readKey({ armoredKey }),
  });
  return verification.signatures[0]!.verified.then(
    () => true,
    () => false,
  );
}

describe('the CSAF signing key', () => {
  it('is generated once and shared by every portal of the database with the same SECRET_KEY', async () => {
    const secretKey = randomBytes(32);
    const [first, second] = await Promise.all([
      loadCsafSigning({ db: database.db, secretKey, configured: undefined, userId }),
      loadCsafSigning({ db: database.db, secretKey, configured: undefined, userId }),
    ]);
    expect(first.fingerprint).toMatch(/^[0-9A-F]{40}$/);
    expect(second.fingerprint).toBe(first.fingerprint);
    const later = await loadCsafSigning({ db: database.db, secretKey, configured: undefined, userId });
    expect(later.fingerprint).toBe(first.fingerprint);

    const document = Buffer.from('{"document":{}}\n');
    const signature = await first.sign(document);
    expect(signature).toContain('-----BEGIN PGP SIGNATURE-----');
    expect(await verifies(later.publicKeyArmored, document, signature)).toBe(true);
    expect(await verifies(later.publicKeyArmored, Buffer.from('{"document":{"x":1}}\n'), signature)).toBe(false);

    // The stored key is encrypted under SECRET_KEY: another secret key cannot sign with it.
    await expect(
      loadCsafSigning({ db: database.db, secretKey: randomBytes(32), configured: undefined, userId }),
    ).rejects.toThrow('stored under another SECRET_KEY');
  });

  it('signs with CSAF_SIGNING_KEY when it is set', async () => {
    const { privateKey } = await openpgp.generateKey({
      type: 'ecc',
      curve: 'ed25519Legacy',
      userIDs: [userId],
      format: 'armored',
    });
    const config = loadConfig({ CSAF_SIGNING_KEY: privateKey, DATA_DIR: '/nonexistent' });
    const signing = await loadCsafSigning({
      db: database.db,
      secretKey: randomBytes(32),
      configured: config.csafSigningKey,
      userId,
    });
    const expected = (await openpgp.readPrivateKey({ armoredKey: privateKey })).getFingerprint().toUpperCase();
    expect(signing.fingerprint).toBe(expected);
  });

  it('refuses a CSAF_SIGNING_KEY that is not an armored private key, without repeating it', () => {
    const secret = 'not-a-key-0123456789';
    expect(() => loadConfig({ CSAF_SIGNING_KEY: secret, DATA_DIR: '/nonexistent' })).toThrow(
      /CSAF_SIGNING_KEY must be an armored OpenPGP private key/,
    );
    try {
      loadConfig({ CSAF_SIGNING_KEY: secret, DATA_DIR: '/nonexistent' });
    } catch (error) {
      expect((error as Error).message).not.toContain(secret);
    }
    expect(() => loadConfig({ CSAF_ID_PREFIX: 'acme-1', DATA_DIR: '/nonexistent' })).toThrow(/CSAF_ID_PREFIX/);
    expect(() => loadConfig({ SECURITY_CONTACT: 'javascript:alert(1)', DATA_DIR: '/nonexistent' })).toThrow(
      /SECURITY_CONTACT/,
    );
    expect(loadConfig({ MAKER_NAME: 'Acme Instruments', DATA_DIR: '/nonexistent' }).csafIdPrefix).toBe('ACME');
    expect(loadConfig({ SUPPORT_EMAIL: 'help@example.com', DATA_DIR: '/nonexistent' }).securityContact).toBe(
      'mailto:help@example.com',
    );
  });
});
