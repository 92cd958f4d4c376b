/** CVSS v3.1's qualitative severity ratings, and how a person reads each. */
export const CVSS_SEVERITIES = ['NONE', 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;
export type CvssSeverity = (typeof CVSS_SEVERITIES)[number];
export const CVSS_SEVERITY_TITLES: Record<CvssSeverity, string> = {
  NONE: 'None',
  LOW: 'Low',
  MEDIUM: 'Medium',
  HIGH: 'High',
  CRITICAL: 'Critical',
};
