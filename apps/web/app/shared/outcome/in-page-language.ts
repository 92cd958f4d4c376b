import type { ErrorCode } from '@portal/contracts';
import { pageLanguage } from '../i18n/page-language';
import type { Failure } from './outcome';

/** A page's own words for the failures it may show: by the answer's error code, then by its status. */
export interface FailureTexts {
  byCode?: Partial<Record<ErrorCode, string>>;
  /** 0: no answer came. */
  byStatus?: (status: number) => string | undefined;
}

/**
 * A failed call on a customer page, in the page's language (docs/api.md, "Error codes"): told
 * by the answer's stable code, else by its status, else with the server's English, never by
 * matching that English. An English page shows the server's own words (SPEC's where it has
 * them). A fault of ours (no status) already says so in the page's language.
 */
export function toldInPageLanguage<F extends Failure>(failure: F, { byCode, byStatus }: FailureTexts): F {
  if (failure.kind !== 'failed' || failure.status === null || pageLanguage() === 'en') return failure;
  const message =
    (failure.code === undefined ? undefined : byCode?.[failure.code as ErrorCode]) ?? byStatus?.(failure.status);
  return message ? { ...failure, message } : failure;
}
