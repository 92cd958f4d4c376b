import { pageLanguage } from '../../../shared/i18n/page-language';
import type { Failure } from '../../../shared/outcome/outcome';
import * as m from './advisory.messages';

/**
 * A failed read on a public security page, in the page's language: told by its status (a
 * stable code), never by the server's English, which an English page shows as it is. A fault
 * of ours (no status) already says so in the page's language.
 */
export function failureInPageLanguage(failure: Failure): Failure {
  if (failure.kind !== 'failed' || failure.status === null || pageLanguage() === 'en') return failure;
  return { ...failure, message: failure.status === 0 ? m.noAnswer : m.couldNotRead({ status: failure.status }) };
}
