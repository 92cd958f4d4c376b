/**
 * How customers prove who they are (SPEC §6, DESIGN "API"): only in the Authorization
 * header, `Hasp id=<registration ID>` for Cornerstone, `Rainbow id=<key ID>` for ChromaTOF
 * PIBs and `Rainbow <key ID>` for the ChromaTOF download lookup. Both sides build and read
 * the header here; both key-ID forms name the same credential, so the API reads either
 * wherever it takes a key ID.
 */
export type CustomerScheme = 'hasp' | 'rainbow';

export interface CustomerCredential {
  scheme: CustomerScheme;
  id: string;
}

/** The longest registration ID or key ID, in characters. */
export const CUSTOMER_ID_MAX_CHARS = 64;

/** Registration IDs and key IDs: letters, digits and dashes; longer input is not an ID. */
export const CUSTOMER_ID_PATTERN = new RegExp(`^[A-Za-z0-9][A-Za-z0-9-]{0,${CUSTOMER_ID_MAX_CHARS - 1}}$`);

// `Rainbow id=X` is the PIB form; `Rainbow X` (no `id=`, which no ID can contain) the download lookup's.
const HEADER_PATTERN = /^(?:(Hasp|Rainbow) id=|(Rainbow) )(.*)$/;

export function registrationIdAuthorization(registrationId: string): string {
  return `Hasp id=${registrationId.trim()}`;
}

export function keyIdAuthorization(keyId: string): string {
  return `Rainbow id=${keyId.trim()}`;
}

/** The header of the ChromaTOF download lookup (SPEC §6: scheme 'Rainbow', no `id=`). */
export function keyIdDownloadsAuthorization(keyId: string): string {
  return `Rainbow ${keyId.trim()}`;
}

/** The credential an Authorization header carries, or undefined when it is not one of ours. */
export function parseCustomerAuthorization(header: string | undefined): CustomerCredential | undefined {
  const match = HEADER_PATTERN.exec(header ?? '');
  if (!match) return undefined;
  const id = match[3]!.trim();
  if (!CUSTOMER_ID_PATTERN.test(id)) return undefined;
  return { scheme: match[1] === 'Hasp' ? 'hasp' : 'rainbow', id };
}
