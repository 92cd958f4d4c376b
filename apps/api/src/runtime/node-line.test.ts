import { describe, expect, it } from 'vitest';
import { endOfLifeWarning } from './node-line';

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('the start-up warning for a Node.js line past its end of life', () => {
  it('names the version and the day its line ended, and the runtime npm ci brings', () => {
    expect(endOfLifeWarning('v20.20.2', day('2026-11-29'))).toBe(
      'Node.js 20.20.2 reached its end of life on 2026-04-30 and gets no security fixes: run the portal with the ' +
        'Node.js that npm ci brings, node_modules/.bin/node (docs/deployment.md)',
    );
  });

  it('says nothing while the line gets security fixes, up to and including its last day', () => {
    expect(endOfLifeWarning('v24.22.3', day('2026-11-29'))).toBeUndefined();
    expect(endOfLifeWarning('v26.12.1', day('2026-11-29'))).toBeUndefined();
    expect(endOfLifeWarning('v20.20.2', day('2026-04-30'))).toBeUndefined();
    expect(endOfLifeWarning('v20.20.2', day('2026-05-01'))).toMatch(/^Node\.js 20\.20\.2 reached its end of life/);
    expect(endOfLifeWarning('v24.22.3', day('2028-05-01'))).toMatch(/on 2028-04-30/);
  });

  it('warns on an odd line once its short life is over, and on lines older than the table', () => {
    expect(endOfLifeWarning('v25.1.0', day('2026-11-29'))).toMatch(/reached its end of life on 2026-06-01/);
    expect(endOfLifeWarning('v16.20.2', day('2026-11-29'))).toMatch(/^Node\.js 16\.20\.2 is past its end of life/);
  });

  it('takes a line newer than the table as supported', () => {
    expect(endOfLifeWarning('v28.0.0', day('2031-01-01'))).toBeUndefined();
  });
});
