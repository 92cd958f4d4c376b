import { AUDIT_ACTIONS, catalogueSectionWords, type AuditAction, type AuditRecord } from '@portal/contracts';

/**
 * Each audit action's detail as a short sentence (the raw JSON stays behind a disclosure and in
 * the CSV). One entry per AUDIT_ACTIONS value: a new action without words does not compile, and
 * audit-detail-words.test.ts walks them all.
 */
type Detail = Record<string, unknown>;

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const list = (value: unknown) => (Array.isArray(value) && value.length > 0 ? value.map(String).join(', ') : 'no role');
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const OUTCOMES = ['added', 'changed', 'withdrawn', 'restored'] as const;

/** "PIBs: 5 added, 1 changed; files: 1 withdrawn", or "nothing changed". */
export function countsInWords(counts: unknown): string {
  if (typeof counts !== 'object' || counts === null) return 'nothing changed';
  const parts = Object.entries(counts as Record<string, Record<string, unknown>>).flatMap(([section, byOutcome]) => {
    const said = OUTCOMES.filter((outcome) => count(byOutcome?.[outcome]) > 0).map(
      (outcome) => `${count(byOutcome[outcome])} ${outcome}`,
    );
    return said.length === 0 ? [] : [`${catalogueSectionWords(section)}: ${said.join(', ')}`];
  });
  return parts.length === 0 ? 'nothing changed' : parts.join('; ');
}

const DOORS: Record<string, string> = { cli: 'the command line', 'api-token': 'an API token' };
const change = (detail: Detail) =>
  `change ${count(detail.change)}, from ${DOORS[text(detail.door)] ?? 'the browser'}${text(detail.apiToken) ? ` “${text(detail.apiToken)}”` : ''}`;

const WORDS: Record<AuditAction, (detail: Detail) => string> = {
  [AUDIT_ACTIONS.challengeResponse]: () => 'A response key was issued for a challenge key.',
  [AUDIT_ACTIONS.expiringKey]: () => 'The 24-hour response key was issued.',
  [AUDIT_ACTIONS.adminListChange]: (detail) =>
    'count' in detail
      ? `Authorized admins: ${plural(count(detail.added), 'address', 'addresses')} added, ${count(detail.removed)} removed; ${count(detail.count)} now.`
      : 'The list of authorized admins was left as it was.',
  [AUDIT_ACTIONS.responseKeyMail]: () => "A response key was e-mailed to the registration's authorized admins.",
  [AUDIT_ACTIONS.personInvite]: (detail) => `${text(detail.subject)} was invited as ${list(detail.roles)}.`,
  [AUDIT_ACTIONS.rolesChange]: (detail) =>
    `${text(detail.subject)}: ${list(detail.before)} before, ${list(detail.after)} now.`,
  [AUDIT_ACTIONS.personRemove]: (detail) =>
    `${text(detail.subject)} (${list(detail.roles)}) was removed; ${plural(count(detail.sessionsEnded), 'session')} ended.`,
  [AUDIT_ACTIONS.signOutEverywhere]: (detail) =>
    `${text(detail.subject)} was signed out everywhere; ${plural(count(detail.sessionsEnded), 'session')} ended.`,
  [AUDIT_ACTIONS.feedReissue]: (detail) =>
    `The feed addresses were reissued (generation ${count(detail.generation)}); the old ones stop working.`,
  [AUDIT_ACTIONS.privacyErase]: (detail) =>
    `Erased on request (${detail.kind === 'email' ? 'an e-mail address' : 'a customer ID'}): ${plural(count(detail.adminAddresses), 'authorized admin address', 'authorized admin addresses')}, ${plural(count(detail.downloadRecords), 'download record')}.`,
  [AUDIT_ACTIONS.cataloguePublish]: (detail) => `Published (${change(detail)}): ${countsInWords(detail.counts)}.`,
  [AUDIT_ACTIONS.catalogueWithdraw]: (detail) =>
    `A file was withdrawn (${change(detail)}): ${countsInWords(detail.counts)}. Reason: ${text(detail.reason) || 'none given'}.`,
  [AUDIT_ACTIONS.catalogueRestore]: (detail) =>
    `A file was restored (${change(detail)}): ${countsInWords(detail.counts)}.${text(detail.reason) ? ` Reason: ${text(detail.reason)}.` : ''}`,
  [AUDIT_ACTIONS.advisoryPublish]: (detail) =>
    `Security advisory ${text(detail.advisoryId) || '(no ID)'} was published${text(detail.title) ? `: ${text(detail.title)}` : ''}.`,
  [AUDIT_ACTIONS.advisoryRevise]: (detail) =>
    `Security advisory ${text(detail.advisoryId) || '(no ID)'} was revised to revision ${count(detail.version)}${text(detail.title) ? `: ${text(detail.title)}` : ''}.`,
  [AUDIT_ACTIONS.apiTokenCreate]: (detail) =>
    `API token “${text(detail.name) || '(no name)'}” was created, expiring ${text(detail.expiresAt).slice(0, 10) || 'at its date'}.`,
  [AUDIT_ACTIONS.apiTokenRevoke]: (detail) =>
    `API token “${text(detail.name) || '(no name)'}”${text(detail.createdBy) ? ` of ${text(detail.createdBy)}` : ''} was revoked.`,
};

/** The words of an entry's detail; an action this screen does not know shows its fields as `name: value`. */
export function detailInWords(action: string, detail: AuditRecord['detail']): string {
  const words = (WORDS as Record<string, ((detail: Detail) => string) | undefined>)[action];
  if (words) return words(detail ?? {});
  if (!detail) return '';
  return Object.entries(detail)
    .map(
      ([name, value]) =>
        `${name}: ${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`,
    )
    .join('; ');
}
