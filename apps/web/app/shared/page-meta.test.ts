import { describe, expect, it } from 'vitest';
import { MAKER_NAME_PLACEHOLDER } from '@portal/contracts';
import { pageMeta } from './page-meta';

describe('pageMeta', () => {
  it('prerenders the site title with the placeholder the server fills with MAKER_NAME', () => {
    expect(pageMeta(undefined, 'About us')).toEqual([
      { title: `${MAKER_NAME_PLACEHOLDER} Software` },
      { name: 'description', content: 'About us' },
    ]);
  });

  it('puts the page before the site in a page title', () => {
    expect(pageMeta('Privacy', 'How we use your data')[0]).toEqual({
      title: `Privacy | ${MAKER_NAME_PLACEHOLDER} Software`,
    });
  });
});
