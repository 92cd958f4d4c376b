const LOCAL_PART_MAX_CHARS = 64;
const ADDRESS_MAX_CHARS = 254;
/**
 * Dot-atoms of plain ASCII, without the characters old mail routers treat as routing
 * (`%` and `!`: `a%evil.example@company` could be relayed to evil.example), without quotes,
 * commas, angle brackets or spaces: one address, never a list or a display name. Without
 * `+` either: `ana+x@company` reaches ana@company's mailbox on most servers, and would be
 * a second staff identity for one person (docs/decisions/049).
 */
const LOCAL_PART = /^[a-z0-9#$&'*/=?^_`{|}~-]+(?:\.[a-z0-9#$&'*/=?^_`{|}~-]+)*$/;
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
/** Printable ASCII without space. Checked before lower-casing: the Kelvin sign lower-cases to k. */
const PLAIN_ASCII = /^[\x21-\x7e]+$/;

/**
 * The one form of an address that the domain check, the database and the mail all use:
 * trimmed and lower-cased, exactly one @, and otherwise exactly as typed. Anything that
 * Unicode would fold into another address (full-width ＠, ligatures, compatibility
 * letters) is refused rather than rewritten, so the string we mail is the string the
 * person typed. Undefined for anything that is not a single plain address.
 */
export function canonicalEmail(raw: string): string | undefined {
  const trimmed = raw.trim();
  if (!PLAIN_ASCII.test(trimmed)) return undefined;
  const value = trimmed.toLowerCase();
  if (value.length > ADDRESS_MAX_CHARS) return undefined;
  const parts = value.split('@');
  if (parts.length !== 2) return undefined;
  const [localPart = '', domain = ''] = parts;
  if (localPart.length > LOCAL_PART_MAX_CHARS || !LOCAL_PART.test(localPart)) return undefined;
  if (!DOMAIN.test(domain)) return undefined;
  return value;
}

/** An address whose local part carries a `+tag`: refused, with a message of its own. */
export function isTaggedAddress(raw: string): boolean {
  const at = raw.lastIndexOf('@');
  return at > 0 && raw.slice(0, at).includes('+');
}

/** Exact domain match: a subdomain or a look-alike suffix (company.example.evil.example) is not staff. */
export function isStaffAddress(canonical: string, staffDomains: readonly string[]): boolean {
  const domain = canonical.slice(canonical.lastIndexOf('@') + 1);
  return staffDomains.includes(domain);
}
