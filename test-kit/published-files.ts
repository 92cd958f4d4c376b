import { PUBLISHED_FILES_MAX_LIMIT, PUBLISHING_PATHS } from '@portal/contracts';

/**
 * The published files' one largest page: every file of a test's catalogue (the demo has a few
 * dozen), for tests that look a file up by name rather than page through them.
 */
export const EVERY_PUBLISHED_FILE = `${PUBLISHING_PATHS.files}?limit=${PUBLISHED_FILES_MAX_LIMIT}`;
