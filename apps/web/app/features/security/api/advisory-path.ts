/** An ADVISORY_PATHS path with its `:id` or `:advisoryId` filled in, encoded. */
export function advisoryApiPath(path: string, params: { id?: string; advisoryId?: string }): string {
  return path
    .replace(':id', encodeURIComponent(params.id ?? ''))
    .replace(':advisoryId', encodeURIComponent(params.advisoryId ?? ''));
}
