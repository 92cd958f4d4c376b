import type { Page } from '@playwright/test';

/**
 * What sticks out sideways: the page's own scroll width, and every visible element that
 * reaches past either edge of the viewport without being inside a box that scrolls sideways
 * (a wide table's region). A box that scrolls a table must keep the table's first column in
 * view (sticky).
 */
export async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement!;
    const width = root.clientWidth;
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const classes = [...element.classList].map((name) => `.${name}`).join('');
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${element.tagName.toLowerCase()}${id}${classes} "${text}"`;
    };
    const scrollsSideways = (element: Element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX);
    const sticking: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) continue;
      if (box.left >= -0.5 && box.right <= width + 0.5) continue;
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      let ancestor = element.parentElement;
      while (ancestor && ancestor !== document.body && !scrollsSideways(ancestor)) ancestor = ancestor.parentElement;
      if (ancestor && ancestor !== document.body) continue;
      sticking.push(`${describe(element)} spans ${Math.round(box.left)}..${Math.round(box.right)} px`);
    }
    const firstColumnLost: string[] = [];
    for (const scroller of document.body.querySelectorAll('*')) {
      if (!scrollsSideways(scroller) || scroller.scrollWidth <= scroller.clientWidth) continue;
      for (const row of scroller.querySelectorAll('table tr')) {
        const first = row.firstElementChild;
        if (first && getComputedStyle(first).position !== 'sticky') {
          firstColumnLost.push(describe(first));
          break;
        }
      }
    }
    return { scrollWidth: root.scrollWidth, clientWidth: width, sticking, firstColumnLost };
  });
}
