import { useId, useState } from 'react';
import styles from './copy-field.module.css';
import forms from '../../styles/forms.module.css';

/** A read-only value with its own Copy button, which says when the value is on the clipboard. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | undefined>();
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={forms.label}>
        {label}
      </label>
      <div className={forms.row}>
        <input id={id} className={styles.input} value={value} readOnly onFocus={(event) => event.target.select()} />
        <button type="button" className={styles.copy} onClick={copy} aria-label={`Copy ${label}`}>
          Copy
        </button>
      </div>
      <p className={styles.status} role="status">
        {copied === 'yes' ? 'Copied.' : copied === 'failed' ? 'Copying failed: select the value and copy it.' : ''}
      </p>
    </div>
  );
}
