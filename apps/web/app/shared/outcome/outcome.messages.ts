import { message } from '../i18n/message';

/** SPEC §8: shown when something failed for a reason of the site's own (the error is reported). */
export const internalProblem = message('There was an internal problem. This issue has been reported automatically.');
