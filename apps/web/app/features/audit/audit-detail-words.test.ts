import { AUDIT_ACTIONS } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { countsInWords, detailInWords } from './audit-detail-words';

/** A detail as the server writes it for each action (apps/api: the `auditLog.record` calls). */
const SAMPLES: Record<(typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS], Record<string, unknown> | null> = {
  [AUDIT_ACTIONS.challengeResponse]: null,
  [AUDIT_ACTIONS.expiringKey]: null,
  [AUDIT_ACTIONS.adminListChange]: { added: 2, removed: 1, count: 3 },
  [AUDIT_ACTIONS.responseKeyMail]: null,
  [AUDIT_ACTIONS.personInvite]: { subject: 'ann@example.com', roles: ['publisher'] },
  [AUDIT_ACTIONS.rolesChange]: { subject: 'ann@example.com', before: ['publisher'], after: ['publisher', 'admin'] },
  [AUDIT_ACTIONS.personRemove]: { subject: 'ann@example.com', roles: ['publisher'], sessionsEnded: 2 },
  [AUDIT_ACTIONS.signOutEverywhere]: { subject: 'ann@example.com', sessionsEnded: 1 },
  [AUDIT_ACTIONS.feedReissue]: { generation: 4 },
  [AUDIT_ACTIONS.privacyErase]: { kind: 'email', adminAddresses: 1, downloadRecords: 0 },
  [AUDIT_ACTIONS.cataloguePublish]: {
    change: 7,
    door: 'cli',
    digest: 'ab'.repeat(32),
    counts: {
      families: { added: 5, changed: 0, withdrawn: 0, restored: 0 },
      pibs: { added: 3, changed: 1, withdrawn: 0, restored: 0 },
    },
  },
  [AUDIT_ACTIONS.catalogueWithdraw]: {
    change: 8,
    door: 'browser',
    digest: 'cd'.repeat(32),
    counts: {
      dsvs: { added: 0, changed: 0, withdrawn: 1, restored: 0 },
      files: { added: 0, changed: 0, withdrawn: 1, restored: 0 },
    },
    file: '00000000-0000-4000-8000-000000000000',
    reason: 'Superseded',
  },
  [AUDIT_ACTIONS.catalogueRestore]: {
    change: 9,
    door: 'browser',
    digest: 'ef'.repeat(32),
    counts: { files: { added: 0, changed: 0, withdrawn: 0, restored: 1 } },
    file: '00000000-0000-4000-8000-000000000000',
    reason: null,
  },
  [AUDIT_ACTIONS.advisoryPublish]: { advisoryId: 'ACME-SA-2026-0001', version: 1, title: 'Crafted method files' },
  [AUDIT_ACTIONS.advisoryRevise]: { advisoryId: 'ACME-SA-2026-0001', version: 2, title: 'Crafted method files' },
  [AUDIT_ACTIONS.apiTokenCreate]: {
    token: '00000000-0000-4000-8000-000000000000',
    name: 'release pipeline',
    scope: 'publish',
    expiresAt: '2027-02-25T09:00:00.000Z',
  },
  [AUDIT_ACTIONS.apiTokenRevoke]: {
    token: '00000000-0000-4000-8000-000000000000',
    name: 'release pipeline',
    createdBy: 'ann@example.com',
  },
};

describe("the audit log's detail in words", () => {
  it.each(Object.values(AUDIT_ACTIONS))('%s has words of its own: a sentence, no JSON, no field names', (action) => {
    const words = detailInWords(action, SAMPLES[action]);
    expect(words).toMatch(/^[A-Za-z].*\.$/);
    expect(words).not.toMatch(/[{}"]|undefined|NaN|\[object/);
    expect(words).not.toMatch(/\b(subject|sessionsEnded|counts|digest)\b/);
    // Without any detail (an old row, a refused act) it still says something.
    expect(detailInWords(action, null)).not.toMatch(/undefined|NaN/);
  });

  it("a publish's counts per section, added, changed and withdrawn, in the screen's words", () => {
    expect(detailInWords(AUDIT_ACTIONS.cataloguePublish, SAMPLES[AUDIT_ACTIONS.cataloguePublish])).toBe(
      'Published (change 7, from the command line): families: 5 added; PIBs: 3 added, 1 changed.',
    );
    expect(detailInWords(AUDIT_ACTIONS.catalogueWithdraw, SAMPLES[AUDIT_ACTIONS.catalogueWithdraw])).toBe(
      'A file was withdrawn (change 8, from the browser): DSVs: 1 withdrawn; files: 1 withdrawn. Reason: Superseded.',
    );
    expect(countsInWords({})).toBe('nothing changed');
    expect(
      detailInWords(AUDIT_ACTIONS.cataloguePublish, {
        ...SAMPLES[AUDIT_ACTIONS.cataloguePublish],
        door: 'api-token',
        apiToken: 'release pipeline',
      }),
    ).toBe('Published (change 7, from an API token “release pipeline”): families: 5 added; PIBs: 3 added, 1 changed.');
  });

  it('an API token’s creation and revocation name the token', () => {
    expect(detailInWords(AUDIT_ACTIONS.apiTokenCreate, SAMPLES[AUDIT_ACTIONS.apiTokenCreate])).toBe(
      'API token “release pipeline” was created, expiring 2027-02-25.',
    );
    expect(detailInWords(AUDIT_ACTIONS.apiTokenRevoke, SAMPLES[AUDIT_ACTIONS.apiTokenRevoke])).toBe(
      'API token “release pipeline” of ann@example.com was revoked.',
    );
  });

  it('people and keys read as sentences', () => {
    expect(detailInWords(AUDIT_ACTIONS.rolesChange, SAMPLES[AUDIT_ACTIONS.rolesChange])).toBe(
      'ann@example.com: publisher before, publisher, admin now.',
    );
    expect(detailInWords(AUDIT_ACTIONS.adminListChange, SAMPLES[AUDIT_ACTIONS.adminListChange])).toBe(
      'Authorized admins: 2 addresses added, 1 removed; 3 now.',
    );
  });

  it('an advisory publish and revision name the advisory and its revision', () => {
    expect(detailInWords(AUDIT_ACTIONS.advisoryPublish, SAMPLES[AUDIT_ACTIONS.advisoryPublish])).toBe(
      'Security advisory ACME-SA-2026-0001 was published: Crafted method files.',
    );
    expect(detailInWords(AUDIT_ACTIONS.advisoryRevise, SAMPLES[AUDIT_ACTIONS.advisoryRevise])).toBe(
      'Security advisory ACME-SA-2026-0001 was revised to revision 2: Crafted method files.',
    );
  });

  it('an action this screen does not know shows its fields as name: value', () => {
    expect(detailInWords('future.action', { a: 1, b: { c: 2 } })).toBe('a: 1; b: {"c":2}');
  });
});
