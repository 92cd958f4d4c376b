/**
 * Socket error codes of a server that cannot be reached: nothing listens there, the connection
 * broke, no route, no name. The database's outages and the S3 bucket's read them alike.
 */
export const UNREACHABLE_SOCKET_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
