/**
 * Douglas Crockford's base 32 (https://www.crockford.com/base32.html): no I, L, O or U,
 * so a key read aloud or typed by hand survives; decoding forgives case, O for 0, I and L
 * for 1, and hyphens. The check symbol is the whole number modulo 37, from the 32 digits
 * plus `*~$=U`, and catches every single wrong or swapped character.
 */
const DIGITS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CHECK_SYMBOLS = `${DIGITS}*~$=U`;

function toBigInt(bytes: Buffer): bigint {
  return bytes.length === 0 ? 0n : BigInt(`0x${bytes.toString('hex')}`);
}

/** Encodes a whole number of 5-bit groups (the byte count times 8 must divide by 5), then the check symbol. */
export function encodeWithCheck(bytes: Buffer): string {
  const bits = bytes.length * 8;
  if (bits % 5 !== 0) throw new RangeError('Crockford base 32 here encodes whole 5-bit groups only');
  const value = toBigInt(bytes);
  let text = '';
  for (let shift = bits - 5; shift >= 0; shift -= 5) text += DIGITS[Number((value >> BigInt(shift)) & 31n)];
  return text + CHECK_SYMBOLS[Number(value % 37n)];
}

/** The bytes of a key with its check symbol last, or undefined if a character or the check symbol is wrong. */
export function decodeWithCheck(text: string, byteCount: number): Buffer | undefined {
  const cleaned = text.replace(/-/g, '').toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
  const digitCount = (byteCount * 8) / 5;
  if (!Number.isInteger(digitCount) || cleaned.length !== digitCount + 1) return undefined;
  let value = 0n;
  for (const character of cleaned.slice(0, -1)) {
    const digit = DIGITS.indexOf(character);
    if (digit < 0) return undefined;
    value = (value << 5n) | BigInt(digit);
  }
  if (CHECK_SYMBOLS[Number(value % 37n)] !== cleaned.slice(-1)) return undefined;
  return Buffer.from(value.toString(16).padStart(byteCount * 2, '0'), 'hex');
}
