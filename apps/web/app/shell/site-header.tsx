import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { BrandMark } from './brand-mark';
import styles from './site-header.module.css';
import { mainNavigation, menu } from './shell.messages';
import { SiteMenu } from './site-menu';
import { useShellIdentityRead } from './use-shell-identity-read';

/** The account button's slot, loaded only when the browser keeps a sign-in. */
const AccountSlot = lazy(() => import('./sign-in-slots').then((module) => ({ default: module.AccountSlot })));

/**
 * The sticky bar: brand, the menu and the account slot. On a narrow screen the bar is one
 * row (brand and menu button); the menu and the account button open under it.
 */
export function SiteHeader() {
  const location = useLocation();
  const identityRead = useShellIdentityRead();
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
        aria-label={mainNavigation}
        onKeyDown={(event) => {
          // Escape folds the narrow-screen menu, unless an open dropdown took it first.
          if (event.key !== 'Escape' || event.defaultPrevented || !expanded) return;
          setExpanded(false);
          toggleRef.current?.focus();
        }}
      >
        <BrandMark />
        <button
          ref={toggleRef}
          type="button"
          className={styles.menuToggle}
          aria-expanded={expanded}
          aria-controls={menuId}
          onClick={() => setExpanded(!expanded)}
        >
          <span className={styles.hamburger} aria-hidden="true" />
          {menu}
        </button>
        <SiteMenu id={menuId} expanded={expanded} />
        {/* On a narrow screen the account button is part of the open menu, not the bar. */}
        <div className={`${styles.account} ${expanded ? styles.accountExpanded : ''}`}>
          {identityRead && (
            <Suspense>
              <AccountSlot />
            </Suspense>
          )}
        </div>
      </nav>
    </header>
  );
}
