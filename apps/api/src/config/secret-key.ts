import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { decodeKeyMaterial } from './config';

const SECRET_KEY_FILE = 'secret-key';

/**
 * SECRET_KEY when set; otherwise the key generated into DATA_DIR on first start, so that
 * digests and signatures survive restarts without anyone having to invent a secret.
 */
export async function resolveSecretKey(configured: Buffer | undefined, dataDir: string): Promise<Buffer> {
  if (configured) return configured;
  const file = path.join(dataDir, SECRET_KEY_FILE);
  try {
    const stored = decodeKeyMaterial(await readFile(file, 'utf8'));
    if (stored) return stored;
    throw new Error(`${file} does not hold at least 32 bytes of key material; remove it to generate a new key`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const generated = randomBytes(32);
  await writeFile(file, `${generated.toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  return generated;
}
