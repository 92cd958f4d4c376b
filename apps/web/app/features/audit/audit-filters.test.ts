import { AUDIT_ACTIONS } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { href } from '../../shared/navigation/navigation';
import { auditBeforeOf, auditFiltersOf, auditQuery, exportFileName } from './audit-filters';

const urlOf = (filters: Parameters<typeof auditQuery>[0], before?: number) =>
  new URL(href('serviceAudit', auditQuery(filters, before)), 'https://portal.example');

describe('the Audit Log filters live in the URL', () => {
  it('reads back from the URL exactly the filters and page written into it', () => {
    const filters = {
      actor: 'ada@company.com',
      action: AUDIT_ACTIONS.rolesChange,
      from: '2026-11-01',
      to: '2026-11-25',
    };
    const url = urlOf(filters, 120);
    expect(url.pathname).toBe('/service/audit');
    expect(auditFiltersOf(url.searchParams)).toEqual(filters);
    expect(auditBeforeOf(url.searchParams)).toBe(120);
  });

  it('writes only the filters that are set: no empty fields in the URL', () => {
    expect(href('serviceAudit', auditQuery({ action: AUDIT_ACTIONS.personInvite }))).toBe(
      '/service/audit?action=people.invite',
    );
    expect(href('serviceAudit', auditQuery({}))).toBe('/service/audit');
  });

  it('takes the filter form as it is submitted, empty fields as no filter', () => {
    const form = new FormData();
    form.set('actor', '  cli ');
    form.set('action', '');
    form.set('from', '2026-11-01');
    form.set('to', '');
    expect(auditFiltersOf(form)).toEqual({ actor: 'cli', from: '2026-11-01' });
  });

  it('ignores what the API would refuse, so an edited URL still shows the log', () => {
    const search = new URLSearchParams('action=people.everything&from=25.11.2026&to=2026-11-25&before=-3');
    expect(auditFiltersOf(search)).toEqual({ to: '2026-11-25' });
    expect(auditBeforeOf(search)).toBeUndefined();
    expect(auditBeforeOf(new URLSearchParams('before=abc'))).toBeUndefined();
  });

  it('names the export by its day, and says when it is filtered', () => {
    const now = new Date('2026-11-25T09:30:00Z');
    expect(exportFileName({}, now)).toBe('audit-log-2026-11-25.csv');
    expect(exportFileName({ actor: 'cli' }, now)).toBe('audit-log-2026-11-25-filtered.csv');
  });
});
