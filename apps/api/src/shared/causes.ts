/** How deep an error's causes are followed: drivers and ORMs wrap each other a few times, never more. */
const MAX_DEPTH = 5;

/** An error and the errors it was caused by (`error.cause`), outermost first, up to MAX_DEPTH. */
export function causesOf(error: unknown): Error[] {
  const causes: Error[] = [];
  for (let cause = error; cause instanceof Error && causes.length < MAX_DEPTH; cause = cause.cause) causes.push(cause);
  return causes;
}
