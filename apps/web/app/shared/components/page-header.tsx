import type { ComponentType, ReactNode } from 'react';
import page from '../../styles/page.module.css';
import type { IconProps } from './icons';

/** A page's title (its one <h1>) with its icon, and the lead text under it. */
export function PageHeader({
  title,
  icon: HeaderIcon,
  children,
}: {
  title: ReactNode;
  icon?: ComponentType<IconProps>;
  /** The lead text. */
  children?: ReactNode;
}) {
  return (
    <div className={HeaderIcon ? `${page.header} ${page.withIcon}` : page.header}>
      {HeaderIcon && <HeaderIcon className={page.headerIcon} size={48} />}
      <h1>{title}</h1>
      {children && <p className={page.lead}>{children}</p>}
    </div>
  );
}
