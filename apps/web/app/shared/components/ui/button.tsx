import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary';

/**
 * The class list of the one button look, for elements that are not a <button>: a download
 * link styled as the page's main action (`<a className={buttonClass()} …>`).
 */
export function buttonClass(variant: ButtonVariant = 'primary'): string {
  return `${styles.button} ${styles[variant]}`;
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
}

/** The one button of the portal; `type` defaults to "button" so no form is submitted by accident. */
export function Button({ variant = 'primary', className, type, children, ...rest }: ButtonProps) {
  return (
    <button type={type ?? 'button'} className={[buttonClass(variant), className].filter(Boolean).join(' ')} {...rest}>
      {children}
    </button>
  );
}
