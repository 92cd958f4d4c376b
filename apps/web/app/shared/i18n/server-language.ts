import type { Language } from '@portal/contracts';

/**
 * Prerendering only: the language of the page being rendered. Each messages module of the
 * server build registers here and switches its live bindings when the root route sets the
 * page's language (apps/web/i18n/vite-plugin.ts). React Router prerenders one page at a time.
 */
const listeners: ((language: Language) => void)[] = [];
let current: Language = 'en';

export function onLanguage(listener: (language: Language) => void) {
  listeners.push(listener);
  listener(current);
}

export function renderIn(language: Language) {
  if (language === current) return;
  current = language;
  for (const listener of listeners) listener(language);
}

/** The language of the page being prerendered (English outside prerendering). */
export const serverLanguage = (): Language => current;
