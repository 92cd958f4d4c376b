import type { AdvisoryDraftContent, AdvisoryKind, RemediationKind, VexJustification } from '@portal/contracts';

/**
 * The draft screen's form: every field as the person types it (strings, lists of release
 * keys), turned into the contract's AdvisoryDraftContent only when saved, so an empty
 * optional field (a CVE ID not yet assigned, no CWE) is left out rather than sent empty.
 */
export interface RemediationForm {
  kind: RemediationKind;
  text: string;
  /** The release to update to (vendor_fix), a release key; '' for none. */
  updateTo: string;
}

export interface VulnerabilityForm {
  cve: string;
  cweId: string;
  cweName: string;
  title: string;
  description: string;
  cvssVector: string;
  affected: string[];
  fixed: string[];
  remediations: RemediationForm[];
}

export interface VexForm {
  cve: string;
  products: string[];
  justification: VexJustification;
  impactStatement: string;
}

export interface AcknowledgmentForm {
  /** One name a line. */
  names: string;
  organization: string;
}

export interface DraftForm {
  kind: AdvisoryKind;
  title: string;
  summary: string;
  vulnerabilities: VulnerabilityForm[];
  notAffected: VexForm[];
  acknowledgments: AcknowledgmentForm[];
  internalNote: string;
}

export const emptyVulnerability = (affected: string[] = []): VulnerabilityForm => ({
  cve: '',
  cweId: '',
  cweName: '',
  title: '',
  description: '',
  cvssVector: '',
  affected,
  fixed: [],
  remediations: [],
});

export const emptyVex = (products: string[] = []): VexForm => ({
  cve: '',
  products,
  justification: 'vulnerable_code_not_present',
  impactStatement: '',
});

export const emptyRemediation = (): RemediationForm => ({ kind: 'vendor_fix', text: '', updateTo: '' });

/** A new draft's form: an advisory with one vulnerability, or a VEX with one statement, `affected` preselected. */
export function newDraftForm(kind: AdvisoryKind, affected: string[] = []): DraftForm {
  return {
    kind,
    title: '',
    summary: '',
    vulnerabilities: kind === 'advisory' ? [emptyVulnerability(affected)] : [],
    notAffected: kind === 'vex' ? [emptyVex(affected)] : [],
    acknowledgments: [],
    internalNote: '',
  };
}

export function formOf(content: AdvisoryDraftContent): DraftForm {
  return {
    kind: content.kind,
    title: content.title,
    summary: content.summary,
    vulnerabilities: content.vulnerabilities.map((vulnerability) => ({
      cve: vulnerability.cve ?? '',
      cweId: vulnerability.cwe?.id ?? '',
      cweName: vulnerability.cwe?.name ?? '',
      title: vulnerability.title ?? '',
      description: vulnerability.description,
      cvssVector: vulnerability.cvssVector ?? '',
      affected: [...vulnerability.affected],
      fixed: [...vulnerability.fixed],
      remediations: vulnerability.remediations.map((remediation) => ({
        kind: remediation.kind,
        text: remediation.text,
        updateTo: remediation.updateTo ?? '',
      })),
    })),
    notAffected: content.notAffected.map((statement) => ({
      cve: statement.cve,
      products: [...statement.products],
      justification: statement.justification,
      impactStatement: statement.impactStatement ?? '',
    })),
    acknowledgments: content.acknowledgments.map((acknowledgment) => ({
      names: acknowledgment.names.join('\n'),
      organization: acknowledgment.organization ?? '',
    })),
    internalNote: content.internalNote,
  };
}

/** Only what was given: '' and whitespace are absent. */
const given = (value: string): string | undefined => (value.trim() === '' ? undefined : value.trim());

/**
 * What the server is sent. Identifiers are trimmed (a pasted CVE ID with a space is still
 * the ID); text is sent as typed, and the server names any field it refuses.
 */
export function contentOf(form: DraftForm): AdvisoryDraftContent {
  return {
    kind: form.kind,
    title: form.title,
    summary: form.summary,
    vulnerabilities: form.vulnerabilities.map((vulnerability) => {
      const cweId = given(vulnerability.cweId);
      const cweName = given(vulnerability.cweName);
      return {
        ...(given(vulnerability.cve) && { cve: given(vulnerability.cve) }),
        ...((cweId ?? cweName) !== undefined && { cwe: { id: cweId ?? '', name: cweName ?? '' } }),
        ...(given(vulnerability.title) && { title: vulnerability.title }),
        description: vulnerability.description,
        ...(given(vulnerability.cvssVector) && { cvssVector: given(vulnerability.cvssVector) }),
        affected: vulnerability.affected,
        fixed: vulnerability.fixed,
        remediations: vulnerability.remediations.map((remediation) => ({
          kind: remediation.kind,
          text: remediation.text,
          // A remediation applies to every affected release of its vulnerability.
          releases: [],
          ...(remediation.kind === 'vendor_fix' && given(remediation.updateTo) && { updateTo: remediation.updateTo }),
        })),
      };
    }),
    notAffected: form.notAffected.map((statement) => ({
      cve: statement.cve.trim(),
      products: statement.products,
      justification: statement.justification,
      ...(given(statement.impactStatement) && { impactStatement: statement.impactStatement }),
    })),
    acknowledgments: form.acknowledgments.map((acknowledgment) => ({
      names: acknowledgment.names
        .split('\n')
        .map((name) => name.trim())
        .filter((name) => name !== ''),
      ...(given(acknowledgment.organization) && { organization: acknowledgment.organization.trim() }),
    })),
    internalNote: form.internalNote,
  };
}
