import { useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { AccountButton } from '../shared/identity/account-button';
import { makerName } from '../shared/maker-name';
import { href } from '../shared/navigation/navigation';
import styles from './site-header.module.css';
import { SiteMenu } from './site-menu';

/** The sticky bar: brand, the menu (behind a toggle on narrow screens) and the account slot. */
export function SiteHeader() {
  const location = useLocation();
  const menuId = useId();
  const [expanded, setExpanded] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [seenLocation, setSeenLocation] = useState(location.key);
  if (seenLocation !== location.key) {
    setSeenLocation(location.key);
    setExpanded(false);
  }

  return (
    <header className={styles.header}>
      <nav
        className={styles.nav}
        aria-label="Main"
        onKeyDown={(event) => {
          // Escape folds the narrow-screen menu, unless an open dropdown took it first.
          if (event.key !== 'Escape' || event.defaultPrevented || !expanded) return;
          setExpanded(false);
          toggleRef.current?.focus();
        }}
      >
        <Link className={styles.brand} to={href('home')}>
          {makerName()} Software
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className={styles.menuToggle}
          aria-expanded={expanded}
          aria-controls={menuId}
          onClick={() => setExpanded(!expanded)}
        >
          <span className={styles.hamburger} aria-hidden="true" />
          Menu
        </button>
        <SiteMenu id={menuId} expanded={expanded} />
        <div className={styles.account}>
          <AccountButton />
        </div>
      </nav>
    </header>
  );
}
