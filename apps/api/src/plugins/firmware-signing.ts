import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import { derivedKey } from '../shared/keyed-digest';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs the firmware metadata file (docs/firmware.md, docs/decisions/066-signed-firmware-metadata.md). */
    firmwareSigning: FirmwareSigning;
  }
}

export interface FirmwareSigning {
  /** The public key instruments and scripts verify with: SPKI, PEM. */
  publicKeyPem: string;
  /** The detached Ed25519 signature (64 bytes) of exactly these bytes. */
  sign(bytes: Buffer): Buffer;
}

/** The fixed DER prefix of an Ed25519 private key in PKCS#8 (RFC 8410), before its 32-byte seed. */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** An Ed25519 private key from its 32-byte seed. */
export function ed25519PrivateKey(seed: Buffer): KeyObject {
  if (seed.length !== 32) throw new Error('an Ed25519 seed is 32 bytes');
  return createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

/**
 * FIRMWARE_SIGNING_KEY's seed when set; otherwise one derived from SECRET_KEY, so every
 * portal sharing the secret key signs with the same key and a restart keeps it.
 */
export function firmwareSigning({
  signingSeed,
  secretKey,
}: {
  signingSeed?: Buffer;
  secretKey: Buffer;
}): FirmwareSigning {
  const privateKey = ed25519PrivateKey(signingSeed ?? derivedKey(secretKey, 'firmware metadata signing'));
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  // Ed25519 signatures are deterministic and the metadata changes only on a publish: keep the last one.
  let last: { bytes: Buffer; signature: Buffer } | undefined;
  return {
    publicKeyPem,
    sign(bytes) {
      if (!last || !last.bytes.equals(bytes)) last = { bytes, signature: sign(null, bytes, privateKey) };
      return last.signature;
    },
  };
}

export default fp(
  async function firmwareSigningPlugin(app: FastifyInstance) {
    app.decorate(
      'firmwareSigning',
      firmwareSigning({ signingSeed: app.config.firmwareSigningKey, secretKey: app.secretKey }),
    );
  },
  { name: 'firmware-signing', dependencies: ['config'] },
);
