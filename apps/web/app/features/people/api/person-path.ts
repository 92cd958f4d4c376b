/** A path of PEOPLE_PATHS with the person's address in it (encoded: an address may hold `+` or `/`). */
export function personPath(path: string, email: string): string {
  return path.replace(':email', encodeURIComponent(email));
}
