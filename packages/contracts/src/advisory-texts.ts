/**
 * The kinds of advisories, remediations and VEX justifications, the words a page shows for
 * each, and the advisory API's messages. A module without schemas, so the public advisory
 * page names them without bringing TypeBox and the advisories' schemas into the browser
 * (decision 165); the schemas that take these kinds are in advisories.ts.
 */

/** CSAF 2.0's VEX justifications (flags) for a product that is not affected. */
export const VEX_JUSTIFICATIONS = [
  'component_not_present',
  'vulnerable_code_not_present',
  'vulnerable_code_cannot_be_controlled_by_adversary',
  'vulnerable_code_not_in_execute_path',
  'inline_mitigations_already_exist',
] as const;
export type VexJustification = (typeof VEX_JUSTIFICATIONS)[number];
export const VEX_JUSTIFICATION_TITLES: Record<VexJustification, string> = {
  component_not_present: 'The vulnerable component is not present',
  vulnerable_code_not_present: 'The vulnerable code is not present',
  vulnerable_code_cannot_be_controlled_by_adversary: 'The vulnerable code cannot be controlled by an adversary',
  vulnerable_code_not_in_execute_path: 'The vulnerable code is not in the execute path',
  inline_mitigations_already_exist: 'Inline mitigations already exist',
};

export const REMEDIATION_KINDS = ['vendor_fix', 'workaround', 'mitigation'] as const;
export type RemediationKind = (typeof REMEDIATION_KINDS)[number];
export const REMEDIATION_KIND_TITLES: Record<RemediationKind, string> = {
  vendor_fix: 'Update',
  workaround: 'Workaround',
  mitigation: 'Mitigation',
};

export const ADVISORY_KINDS = ['advisory', 'vex'] as const;
export type AdvisoryKind = (typeof ADVISORY_KINDS)[number];

export const ADVISORY_MESSAGES = {
  noSuchAdvisory: 'No published advisory has this ID.',
  noSuchDraft: 'No open draft has this ID.',
  noSuchDocument: 'No CSAF document is published at this address.',
  draftChanged: 'This advisory was revised since this draft was made. Make a new revision draft.',
  revisionSummaryRequired: 'Say what this revision changes (revisionSummary).',
  publishRefused: 'The CSAF document does not pass the CSAF 2.0 validator. Each problem is listed.',
  advisoryNeedsVulnerability: 'An advisory needs at least one vulnerability (vulnerabilities).',
  vexNeedsStatement: 'A not-affected statement needs at least one statement (notAffected) and no vulnerability.',
  vulnerabilityNeedsProducts: 'Each vulnerability needs at least one affected or fixed release.',
  openRevisionDraft: 'This advisory already has an open revision draft.',
} as const;
