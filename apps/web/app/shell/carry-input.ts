import { CARRIED_INPUT as CARRIED } from './carried-input';

/**
 * A language switch keeps what the visitor typed and has not sent yet (loaded for a switch
 * on a page with a form, and on the page the switch led to): the fields of the
 * page's forms go along in the new address's fragment, which the browser never sends, and the
 * page in the other language writes them back and drops the fragment (`restoreInput`). Nothing
 * is stored. Values already in the query (a lookup that ran) travel with the query; a field
 * marked `data-carry="no"` stays behind.
 */
export function withTypedInput(href: string): string {
  const query = new URLSearchParams(window.location.search);
  const values = new URLSearchParams();
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'main form input[name], main form textarea[name]',
  )) {
    // A credential that never goes into an address (the ChromaTOF key ID, decision 061) is marked so.
    if (!/^(text|search|email|tel|url|number|textarea)$/.test(field.type) || field.dataset.carry === 'no') continue;
    if (field.value && query.get(field.name) !== field.value) values.set(field.name, field.value);
  }
  return values.size > 0 ? `${href.split('#', 1)[0]}${CARRIED}${values}` : href;
}

/** After hydration: the fields carried in from the same page in another language, typed back in as a person would. */
export function restoreInput() {
  const { hash, pathname, search } = window.location;
  if (!hash.startsWith(CARRIED)) return;
  window.history.replaceState(window.history.state, '', pathname + search);
  for (const [name, value] of new URLSearchParams(hash.slice(CARRIED.length))) {
    const field = document.querySelector<HTMLInputElement | HTMLTextAreaElement>(
      `main form [name="${CSS.escape(name)}"]`,
    );
    if (!field) continue;
    // The prototype's setter, so React sees the change as a person's typing.
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
