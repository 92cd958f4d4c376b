import { AUDIT_ACTIONS, type AuditAction, type AuditExportQuery } from '@portal/contracts';

/** The Audit Log's filters, as the URL query carries them (so reload, Back and a shared link keep them). */
export type AuditFilters = AuditExportQuery;

export const AUDIT_ACTION_VALUES: readonly AuditAction[] = Object.values(AUDIT_ACTIONS);

/** What each act is called on the screen; the log and its CSV keep the action's own value. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  [AUDIT_ACTIONS.challengeResponse]: 'Service Mode: response key',
  [AUDIT_ACTIONS.expiringKey]: 'Service Mode: expiring key',
  [AUDIT_ACTIONS.adminListChange]: 'Password Reset: authorized admins changed',
  [AUDIT_ACTIONS.responseKeyMail]: 'Password Reset: response key sent',
  [AUDIT_ACTIONS.personInvite]: 'People: invited',
  [AUDIT_ACTIONS.rolesChange]: 'People: roles changed',
  [AUDIT_ACTIONS.personRemove]: 'People: removed',
  [AUDIT_ACTIONS.signOutEverywhere]: 'People: signed out everywhere',
  [AUDIT_ACTIONS.feedReissue]: 'Feeds: new feed address issued',
  [AUDIT_ACTIONS.privacyErase]: 'Privacy: customer data erased',
  [AUDIT_ACTIONS.cataloguePublish]: 'Publishing: catalogue change published',
  [AUDIT_ACTIONS.catalogueWithdraw]: 'Publishing: file withdrawn',
  [AUDIT_ACTIONS.catalogueRestore]: 'Publishing: file restored',
  [AUDIT_ACTIONS.advisoryPublish]: 'Security: advisory published',
  [AUDIT_ACTIONS.advisoryRevise]: 'Security: advisory revised',
  [AUDIT_ACTIONS.apiTokenCreate]: 'API tokens: created',
  [AUDIT_ACTIONS.apiTokenRevoke]: 'API tokens: revoked',
};

export function actionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string | undefined>)[action] ?? action;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isAction = (value: string): value is AuditAction => (AUDIT_ACTION_VALUES as readonly string[]).includes(value);

/** A value of the query the API would take, or nothing: an edited URL never turns into a 400. */
function accepted(name: keyof AuditFilters, raw: string | null): string | undefined {
  const value = raw?.trim() ?? '';
  if (value === '') return undefined;
  if (name === 'actor') return value.length <= 320 ? value : undefined;
  if (name === 'action') return isAction(value) ? value : undefined;
  return DAY.test(value) ? value : undefined;
}

const FILTER_NAMES = ['actor', 'action', 'from', 'to'] as const satisfies readonly (keyof AuditFilters)[];

/** The filters a URL query (or the filter form) sets; empty and unusable values are no filter. */
export function auditFiltersOf(values: { get(name: string): string | FormDataEntryValue | null }): AuditFilters {
  const filters: AuditFilters = {};
  for (const name of FILTER_NAMES) {
    const raw = values.get(name);
    const value = accepted(name, typeof raw === 'string' ? raw : null);
    if (value !== undefined) filters[name] = value;
  }
  return filters;
}

/** The page of the log a URL asks for: rows older than `before`, or the newest. */
export function auditBeforeOf(search: URLSearchParams): number | undefined {
  const before = Number(search.get('before'));
  return Number.isSafeInteger(before) && before >= 1 ? before : undefined;
}

/** The URL query of these filters (and page), for `href('serviceAudit', …)`: only the filters that are set. */
export function auditQuery(filters: AuditFilters, before?: number) {
  return { ...filters, ...(before === undefined ? {} : { before: String(before) }) };
}

export function hasFilters(filters: AuditFilters): boolean {
  return FILTER_NAMES.some((name) => filters[name] !== undefined);
}

/** The export's file name: what it holds, and when it was taken. */
export function exportFileName(filters: AuditFilters, now: Date): string {
  const day = now.toISOString().slice(0, 10);
  return `audit-log-${day}${hasFilters(filters) ? '-filtered' : ''}.csv`;
}
