import { ApiError } from '../api/api-client';
import styles from './staff-screen-error.module.css';

/** SPEC §8: what a staff screen (and the app's last-resort boundary) says when something other than HTTP failed. */
export const INTERNAL_PROBLEM = 'There was an internal problem. This issue has been reported automatically.';

/** Why a staff screen's data did not come: an HTTP answer's own message, or an internal problem. */
export type StaffScreenFailure = { kind: 'http'; status: number; message: string } | { kind: 'internal' };

/**
 * For a staff screen's clientLoader: an HTTP error keeps its message (a 401 has already
 * cleared the bearer, so the sign-in widget takes the screen's place); anything else is
 * logged and reported as an internal problem (SPEC §8).
 */
export function staffScreenFailure(error: unknown): StaffScreenFailure {
  if (error instanceof ApiError) return { kind: 'http', status: error.status, message: error.message };
  console.error(error);
  return { kind: 'internal' };
}

/** HTTP errors in a warning alert; anything else as the internal problem. */
export function StaffScreenError({ failure }: { failure: StaffScreenFailure }) {
  return (
    <p role="alert" className={failure.kind === 'http' ? styles.warning : styles.problem}>
      {failure.kind === 'http' ? failure.message : INTERNAL_PROBLEM}
    </p>
  );
}
