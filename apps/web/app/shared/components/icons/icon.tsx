import type { ReactNode } from 'react';

export interface IconProps {
  className?: string;
  /** Pixels; CSS may size it instead. */
  size?: number;
}

/**
 * The frame of every portal icon: a 24-unit line drawing in the current text colour.
 * Decorative: the text beside it names the thing, so it is hidden from assistive technology.
 * Each icon is its own exported component, so a page's bundle holds only the icons it draws.
 */
export function Icon({ className, size = 24, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}
