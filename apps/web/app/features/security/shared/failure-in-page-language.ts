import { toldInPageLanguage } from '../../../shared/outcome/in-page-language';
import type { Failure } from '../../../shared/outcome/outcome';
import * as m from './advisory.messages';

/**
 * A failed read on a public security page, in the page's language: told by its status (a
 * stable code), never by the server's English, which an English page shows as it is. A fault
 * of ours (no status) already says so in the page's language. An unknown advisory
 * (`advisory-not-found`) is said by the advisory's page itself.
 */
export function failureInPageLanguage(failure: Failure): Failure {
  return toldInPageLanguage(failure, {
    byStatus: (status) => (status === 0 ? m.noAnswer : m.couldNotRead({ status })),
  });
}
