import type { ReactNode } from 'react';
import { pageLanguage } from '../../../shared/i18n/page-language';

/**
 * What staff wrote in an advisory (its title, summary, descriptions), shown as written: in
 * English, so marked `lang="en"` on a page in another language (docs/decisions/281).
 */
export function StaffWords({ children, className }: { children: ReactNode; className?: string }) {
  if (pageLanguage() === 'en') return className ? <span className={className}>{children}</span> : <>{children}</>;
  return (
    <span lang="en" className={className}>
      {children}
    </span>
  );
}
