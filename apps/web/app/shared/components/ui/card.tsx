import { useId, type ReactNode } from 'react';
import styles from './card.module.css';

/** A card; with a `title` it is a section named by its heading. */
export function Card({
  title,
  headingLevel = 2,
  className,
  children,
}: {
  title?: ReactNode;
  headingLevel?: 2 | 3;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  const classes = [styles.card, className].filter(Boolean).join(' ');
  if (title === undefined) return <div className={classes}>{children}</div>;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={classes} aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.title}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
