import type { MetaDescriptor } from 'react-router';
import { siteName } from './maker-name';

/** A page's document title and description; React Router restores the previous ones on leaving. */
export function pageMeta(title: string | undefined, description: string): MetaDescriptor[] {
  const site = siteName();
  return [{ title: title ? `${title} | ${site}` : site }, { name: 'description', content: description }];
}
