import { useState, type ReactNode } from 'react';
import { Dialog } from './dialog';
import styles from './help-dialog.module.css';

/** A link-styled button that opens a modal of help; focus returns to it on close. */
export function HelpDialog({ label, title, children }: { label: string; title: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.trigger}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={title}>
        {children}
      </Dialog>
    </>
  );
}
