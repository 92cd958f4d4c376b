import { useState } from 'react';
import * as m from './components.messages';
import styles from './copy-button.module.css';

/** Copies `text` to the clipboard; `label` says what (its accessible name starts with the visible 'Copy'). */
export function CopyButton({ text, label, disabled = false }: { text: string; label: string; disabled?: boolean }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <button
      type="button"
      className={styles.copy}
      onClick={copy}
      disabled={disabled}
      onBlur={() => setCopied(false)}
      aria-label={label}
    >
      {copied ? m.copied : m.copy}
    </button>
  );
}
