import { createPublicKey, verify } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { firmwareSigning } from './firmware-signing';

/** RFC 8032 §7.1, TEST 1: a published seed, its public key, and its signature of the empty message. */
const RFC8032_SEED = Buffer.from('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60', 'hex');
const RFC8032_PUBLIC_KEY = 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a';
const RFC8032_SIGNATURE =
  'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b';

const rawPublicKey = (pem: string) =>
  Buffer.from(createPublicKey(pem).export({ format: 'jwk' }).x!, 'base64url').toString('hex');

describe('the firmware signing key', () => {
  it('turns a FIRMWARE_SIGNING_KEY seed into the Ed25519 key of RFC 8032', () => {
    const signing = firmwareSigning({ signingSeed: RFC8032_SEED, secretKey: Buffer.alloc(32) });
    expect(rawPublicKey(signing.publicKeyPem)).toBe(RFC8032_PUBLIC_KEY);
    expect(signing.sign(Buffer.alloc(0)).toString('hex')).toBe(RFC8032_SIGNATURE);
  });

  it('is the one docs/firmware.md prints for that seed', async () => {
    const docs = await readFile(new URL('../../../../docs/firmware.md', import.meta.url), 'utf8');
    const { publicKeyPem } = firmwareSigning({ signingSeed: RFC8032_SEED, secretKey: Buffer.alloc(32) });
    expect(docs).toContain(RFC8032_SEED.toString('hex'));
    expect(docs).toContain(publicKeyPem.trim());
  });

  it('without FIRMWARE_SIGNING_KEY, is derived from the secret key: the same for the same key, another for another', () => {
    const secretKey = Buffer.alloc(32, 7);
    const one = firmwareSigning({ secretKey });
    expect(firmwareSigning({ secretKey: Buffer.from(secretKey) }).publicKeyPem).toBe(one.publicKeyPem);
    expect(firmwareSigning({ secretKey: Buffer.alloc(32, 8) }).publicKeyPem).not.toBe(one.publicKeyPem);
    const message = Buffer.from('{"sequence":1}\n');
    expect(verify(null, message, one.publicKeyPem, one.sign(message))).toBe(true);
  });
});
