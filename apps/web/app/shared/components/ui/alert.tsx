import type { ReactNode } from 'react';
import styles from './alert.module.css';

export type AlertTone = 'info' | 'success' | 'warning' | 'danger';

/** The class list of the alert look, for a message element rendered elsewhere. */
export function alertClass(tone: AlertTone = 'info'): string {
  return `${styles.alert} ${styles[tone]}`;
}

/**
 * A message box. `role` is the live-region role when it appears in answer to an action:
 * "alert" for failures, "status" for news; none for a message that is there from the start.
 */
export function Alert({
  tone = 'info',
  role,
  children,
}: {
  tone?: AlertTone;
  role?: 'alert' | 'status';
  children: ReactNode;
}) {
  return (
    <div className={alertClass(tone)} role={role}>
      {children}
    </div>
  );
}
