import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet';

/**
 * The class list of the one button look, for elements that are not a <button>: a download
 * link styled as the page's main action (`<a className={buttonClass()} …>`).
 */
export function buttonClass(variant: ButtonVariant = 'primary', size: 'normal' | 'small' = 'normal'): string {
  return [styles.button, styles[variant], size === 'small' ? styles.small : ''].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'normal' | 'small';
  /** A decorative icon before the text (an icon component of ../icons). */
  icon?: ReactNode;
}

/** The one button of the portal; `type` defaults to "button" so no form is submitted by accident. */
export function Button({
  variant = 'primary',
  size = 'normal',
  icon,
  className,
  type,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      className={[buttonClass(variant, size), className].filter(Boolean).join(' ')}
      {...rest}
    >
      {icon}
      {children}
    </button>
  );
}
