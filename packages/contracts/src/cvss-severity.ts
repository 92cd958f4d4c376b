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

/**
 * A CVSS v3.1 base vector, its eight metrics once each in the specification's order. Temporal
 * and environmental metrics are not taken: the advisory states the maker's base score.
 */
export const CVSS_V31_VECTOR_PATTERN = '^CVSS:3\\.1/AV:[NALP]/AC:[LH]/PR:[NLH]/UI:[NR]/S:[UC]/C:[NLH]/I:[NLH]/A:[NLH]$';
