import { formatLocalDate } from '../format';

/** The date a sign-in ends, as the banner says it (en-US, medium: "Feb 22, 2027"). */
export function signInDate(expSeconds: number | undefined): string {
  return typeof expSeconds === 'number' ? formatLocalDate(new Date(expSeconds * 1000)) : 'an unknown date';
}
