import { useEffect, useId, useRef, type ReactNode } from 'react';
import { close } from '../i18n/site.messages';
import styles from './dialog.module.css';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}

/**
 * A modal on the platform's own <dialog>: showModal() brings focus trapping, Escape and
 * an inert background; focus returns to whatever opened it when it closes.
 */
export function Dialog({ open, onClose, title, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // Not made from the title: in Japanese or Chinese it has no \w character to make one of.
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement as HTMLElement | null;
      dialog.showModal();
      return () => opener?.focus();
    }
    if (!open && dialog.open) dialog.close();
    return undefined;
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself.
        if (event.target === ref.current) onClose();
      }}
    >
      <div className={styles.content}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {children}
        <form method="dialog" className={styles.actions}>
          <button type="submit" className={styles.close}>
            {close}
          </button>
        </form>
      </div>
    </dialog>
  );
}
