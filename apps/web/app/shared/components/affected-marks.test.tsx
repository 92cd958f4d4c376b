import { advisoryPagePath, affectedByText } from '@portal/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AffectedMarks, affectedMarksOf } from './affected-marks';

const MARK = {
  advisoryId: 'ACME-SA-2026-0001',
  title: 'Path traversal in <the> report export',
  severity: 'HIGH' as const,
  fixedIn: '2.10.0',
  url: advisoryPagePath('ACME-SA-2026-0001'),
};

describe("a version's affected-by marks", () => {
  it("says the contract's sentence as a link to the advisory, the title as text", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <AffectedMarks marks={[MARK, { ...MARK, advisoryId: 'ACME-SA-2026-0002', severity: null, fixedIn: null }]} />
      </MemoryRouter>,
    );
    expect(affectedByText(MARK)).toBe(
      'Affected by ACME-SA-2026-0001: Path traversal in <the> report export (High). Fixed in 2.10.0.',
    );
    expect(html).toContain(
      '<a href="/security/ACME-SA-2026-0001" data-discover="true">Affected by ACME-SA-2026-0001: Path traversal in &lt;the&gt; report export (High). Fixed in 2.10.0.</a>',
    );
    expect(html).toContain(
      'Affected by ACME-SA-2026-0002: Path traversal in &lt;the&gt; report export. No fix is published yet.',
    );
  });

  it('shows nothing for a version no advisory names', () => {
    expect(renderToStaticMarkup(<AffectedMarks marks={[]} />)).toBe('');
  });

  it('reads the marks of any lookup answer, and none from an answer that carries none', () => {
    expect(affectedMarksOf({ name: '2.8.1', affectedBy: [MARK] })).toEqual([MARK]);
    expect(affectedMarksOf({ name: '2.8.1' })).toEqual([]);
    expect(affectedMarksOf({ name: '2.8.1', affectedBy: 'nonsense' })).toEqual([]);
  });
});
