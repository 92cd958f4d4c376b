/**
 * The maker's name is configuration (MAKER_NAME), not code: prerendered pages carry this
 * placeholder, which the server replaces at start-up, and the browser then reads the
 * value back from the page, so a new name needs a restart, never a rebuild.
 */
export const MAKER_NAME_PLACEHOLDER = '%MAKER_NAME%';

export function makerName(): string {
  if (typeof document === 'undefined') return MAKER_NAME_PLACEHOLDER;
  return document.documentElement.dataset.makerName ?? '';
}
