import type { AdvisoryKind, CsafProblem } from '@portal/contracts';

/**
 * Where each problem is shown: beside the field of the draft screen it is about, or in the
 * list of problems of the whole draft. A field is named by a key: `title`, `summary`,
 * `acknowledgments`, `internalNote`, `vulnerabilities.0.cvssVector`, `notAffected.1.products`.
 *
 * Problems come from three places, each with its own paths:
 * - the draft's own fields (a refused save, `body/vulnerabilities/0/cve must match…`, or the
 *   portal's own checks): paths of AdvisoryDraftContent;
 * - the CSAF validator at preview and publish: paths of the CSAF document (`/document/title`,
 *   `/vulnerabilities/0/scores/0/cvss_v3`), whose vulnerabilities are the draft's
 *   vulnerabilities for an advisory and its not-affected statements for a VEX document.
 */
export interface PlacedProblems {
  byField: Map<string, string[]>;
  whole: string[];
}

const VULNERABILITY_FIELDS = new Set([
  'cve',
  'cwe',
  'title',
  'description',
  'cvssVector',
  'affected',
  'fixed',
  'remediations',
]);
const VEX_FIELDS = new Set(['cve', 'products', 'justification', 'impactStatement']);
const CONTENT_FIELDS = new Set(['title', 'summary', 'acknowledgments', 'internalNote']);

/** A CSAF vulnerability's member, as the draft field that holds it. */
const CSAF_VULNERABILITY_FIELDS: Record<string, string> = {
  cve: 'cve',
  cwe: 'cwe',
  title: 'title',
  notes: 'description',
  scores: 'cvssVector',
  remediations: 'remediations',
};
const CSAF_VEX_FIELDS: Record<string, string> = {
  cve: 'cve',
  product_status: 'products',
  flags: 'justification',
  threats: 'impactStatement',
};

/** The field key a problem's path names, or undefined when it names none of the screen's fields. */
export function problemField(instancePath: string, kind: AdvisoryKind): string | undefined {
  const [first, second, third, fourth] = instancePath.replace(/^\/+/, '').split('/');
  if (first === undefined || first === '') return undefined;
  if (CONTENT_FIELDS.has(first) && second === undefined) return first;
  if (first === 'acknowledgments') return 'acknowledgments';
  if (first === 'document') {
    if (second === 'title') return 'title';
    if (second === 'notes') return 'summary';
    if (second === 'acknowledgments') return 'acknowledgments';
    return undefined;
  }
  const index = second !== undefined && /^\d+$/.test(second) ? second : undefined;
  if (index === undefined || third === undefined) return undefined;
  if (first === 'notAffected') return VEX_FIELDS.has(third) ? `notAffected.${index}.${third}` : undefined;
  if (first !== 'vulnerabilities') return undefined;
  // The draft's own path (cvssVector, affected) or the CSAF document's (scores, product_status).
  if (kind === 'vex') {
    const field = CSAF_VEX_FIELDS[third];
    return field ? `notAffected.${index}.${field}` : undefined;
  }
  if (VULNERABILITY_FIELDS.has(third)) return `vulnerabilities.${index}.${third}`;
  if (third === 'product_status') {
    if (fourth === 'fixed') return `vulnerabilities.${index}.fixed`;
    if (fourth === 'known_affected') return `vulnerabilities.${index}.affected`;
    return undefined;
  }
  const field = CSAF_VULNERABILITY_FIELDS[third];
  return field ? `vulnerabilities.${index}.${field}` : undefined;
}

/** Each problem beside its field, or in the whole draft's list (with its path, so it can be found). */
export function placeProblems(problems: readonly CsafProblem[], kind: AdvisoryKind): PlacedProblems {
  const byField = new Map<string, string[]>();
  const whole: string[] = [];
  for (const { instancePath, message } of problems) {
    const field = problemField(instancePath, kind);
    if (field === undefined) {
      whole.push(instancePath ? `${instancePath}: ${message}` : message);
    } else {
      byField.set(field, [...(byField.get(field) ?? []), message]);
    }
  }
  return { byField, whole };
}

/**
 * A refused save's message as a problem with its path: Fastify names the field
 * (`body/vulnerabilities/0/cve must match pattern "…"`), and so does the portal's release
 * check (`vulnerabilities[0].affected[1]: "cornerstone:9.9" is not a published release…`,
 * unknownReleaseMessage); any other message names none.
 */
export function saveRefusalProblem(message: string): CsafProblem {
  const schema = /^body(\/\S*)? (.+)$/s.exec(message);
  if (schema) return { instancePath: schema[1] ?? '', message: schema[2]! };
  const field = /^([A-Za-z]+(?:\[\d+\]|\.[A-Za-z]+)*): /.exec(message);
  if (field)
    return {
      instancePath: `/${field[1]!
        .replace(/\[(\d+)\]/g, '.$1')
        .split('.')
        .join('/')}`,
      message,
    };
  return { instancePath: '', message };
}
