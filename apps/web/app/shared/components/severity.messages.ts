import { message } from '../i18n/message';

// CVSS v3.1 severity ratings, as the security pages' badges and the lookups' advisory marks name them.

export const none = message('None');
export const low = message('Low');
export const medium = message('Medium');
export const high = message('High');
export const critical = message('Critical');
