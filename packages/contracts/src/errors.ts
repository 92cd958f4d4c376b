import { Type, type Static } from 'typebox';

/** The one body every error answer of the API carries. */
export const ErrorBody = Type.Object({ message: Type.String() }, { $id: 'ErrorBody' });
export type ErrorBody = Static<typeof ErrorBody>;

/** For routes that take no query: anything in the query string is refused with 400, never silently ignored. */
export const NoQuery = Type.Object({}, { additionalProperties: false });
