import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * After a navigation the visitor started (a link, not Back or Forward), focus moves to
 * the page's <main>: a keyboard or screen reader user starts at the new content instead
 * of on a menu link that has just been hidden, where focus would fall back to <body>.
 */
export function useFocusMainOnNavigation(mainId: string) {
  const { key } = useLocation();
  const navigationType = useNavigationType();
  const firstKey = useRef(key);
  useEffect(() => {
    if (key === firstKey.current || navigationType === 'POP') return;
    document.getElementById(mainId)?.focus({ preventScroll: true });
  }, [key, navigationType, mainId]);
}
