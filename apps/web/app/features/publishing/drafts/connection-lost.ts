/**
 * What a file's card says while its upload waits for the connection to come back. A module of
 * its own, free of the app's imports, so the browser tests read the same words.
 */
export const CONNECTION_LOST_WORDS = 'Connection lost — retrying';
