const LOCAL_PART_MAX_CHARS = 64;
const ADDRESS_MAX_CHARS = 254;
/**
 * Dot-atoms of plain ASCII, without the characters old mail routers treat as routing
 * (`%` and `!`: `a%evil.example@company` could be relayed to evil.example), without quotes,
 * commas, angle brackets or spaces: one address, never a list or a display name.
 */
const LOCAL_PART = /^[a-z0-9#$&'*+/=?^_`{|}~-]+(?:\.[a-z0-9#$&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * The one form of an address that the domain check, the database and the mail all use:
 * Unicode NFKC (so a full-width ＠ is the @ it looks like), trimmed, lower-cased, exactly
 * one @. Undefined for anything that is not a single plain address.
 */
export function canonicalEmail(raw: string): string | undefined {
  const value = raw.normalize('NFKC').trim().toLowerCase();
  if (value.length > ADDRESS_MAX_CHARS) return undefined;
  const parts = value.split('@');
  if (parts.length !== 2) return undefined;
  const [localPart = '', domain = ''] = parts;
  if (localPart.length > LOCAL_PART_MAX_CHARS || !LOCAL_PART.test(localPart)) return undefined;
  if (!DOMAIN.test(domain)) return undefined;
  return value;
}

/** Exact domain match: a subdomain or a look-alike suffix (company.example.evil.example) is not staff. */
export function isStaffAddress(canonical: string, staffDomains: readonly string[]): boolean {
  const domain = canonical.slice(canonical.lastIndexOf('@') + 1);
  return staffDomains.includes(domain);
}
