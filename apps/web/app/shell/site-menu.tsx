import { pathWithoutLanguage } from '@portal/contracts';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { LocalLink } from '../shared/i18n/local-link';
import {
  NAVIGATION_GROUPS,
  activeGroup,
  isDropdown,
  menuItems,
  type NavigationGroup,
} from '../shared/navigation/navigation';
import { placeName } from '../shared/navigation/place-name';
import styles from './site-header.module.css';
import { useShellPathname } from './use-shell-pathname';

/**
 * The site menu as WAI-ARIA disclosures (a button with aria-expanded showing a list of
 * links), not role="menu": these are links to pages, read and tabbed through as links.
 * `expanded` is the narrow-screen hamburger state; `openGroup` the dropdown showing.
 */
export function SiteMenu({ expanded, id }: { expanded: boolean; id: string }) {
  const location = useLocation();
  const pathname = pathWithoutLanguage(useShellPathname());
  const active = activeGroup(pathname);
  const [openGroup, setOpenGroup] = useState<string | null>(null);

  // Navigating closes any open dropdown (state adjusted during render, React's pattern
  // for resetting state when an input changes, so no stale frame shows it open).
  const [seenLocation, setSeenLocation] = useState(location.key);
  if (seenLocation !== location.key) {
    setSeenLocation(location.key);
    setOpenGroup(null);
  }

  return (
    <ul id={id} className={`${styles.menu} ${expanded ? styles.menuExpanded : ''}`}>
      {NAVIGATION_GROUPS.map((group) =>
        isDropdown(group) ? (
          <DropdownGroup
            key={group.title}
            group={group}
            active={group === active}
            open={openGroup === group.title}
            onOpenChange={(open) => setOpenGroup(open ? group.title : null)}
            currentPath={pathname}
          />
        ) : (
          <li key={group.title} className={styles.group}>
            <LocalLink
              to={group.destination.url}
              className={styles.groupLink}
              aria-current={pathname === group.destination.url ? 'page' : group === active ? 'true' : undefined}
            >
              {placeName(group.destination)}
            </LocalLink>
          </li>
        ),
      )}
    </ul>
  );
}

function DropdownGroup({
  group,
  active,
  open,
  onOpenChange,
  currentPath,
}: {
  group: NavigationGroup;
  active: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentPath: string;
}) {
  const listId = useId();
  const itemRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // A click or tap anywhere outside the open dropdown closes it.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!itemRef.current?.contains(event.target as Node)) onOpenChange(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, onOpenChange]);

  const links = () => [...(itemRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      onOpenChange(false);
      buttonRef.current?.focus();
      return;
    }
    // Arrow keys, optional in the disclosure pattern, move between the button and its links.
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const targets: HTMLElement[] = [buttonRef.current!, ...links()];
    const index = targets.indexOf(document.activeElement as HTMLElement);
    if (index < 0) return;
    event.preventDefault();
    if (!open) {
      onOpenChange(true);
      if (event.key === 'ArrowDown') requestAnimationFrame(() => links()[0]?.focus());
      return;
    }
    const step = event.key === 'ArrowDown' ? 1 : -1;
    targets[Math.min(Math.max(index + step, 0), targets.length - 1)]!.focus();
  };

  return (
    <li
      ref={itemRef}
      className={styles.group}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Tabbing out of the dropdown closes it, as a visitor moves on to the next group.
        if (open && !itemRef.current?.contains(event.relatedTarget as Node | null)) onOpenChange(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={styles.groupButton}
        // The group of the current page: highlighted, and announced as current.
        aria-current={active ? 'true' : undefined}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => onOpenChange(!open)}
      >
        {placeName(group.destination)}
        <span className={styles.chevron} aria-hidden="true" />
      </button>
      <ul id={listId} className={styles.dropdown} hidden={!open}>
        {menuItems(group).map((item) => (
          <li key={item.url}>
            <LocalLink
              to={item.url}
              className={styles.dropdownLink}
              aria-current={currentPath === item.url ? 'page' : undefined}
            >
              {placeName(item)}
            </LocalLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
