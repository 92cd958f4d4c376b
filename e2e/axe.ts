import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.2 A and AA, and axe's best practices (landmarks, heading order, region, …). */
const RULE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

async function violations(page: Page) {
  return (await new AxeBuilder({ page }).withTags(RULE_TAGS).analyze()).violations;
}

const describe = (violation: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }) =>
  `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`;

/** Every axe violation on the page as it is now, of any impact, best practices included, one line each. */
export async function axeViolations(page: Page) {
  return (await violations(page)).map(describe);
}

/** axe's serious and critical violations on the page as it is now, one line each. */
export async function seriousViolations(page: Page) {
  return (await violations(page))
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(describe);
}
