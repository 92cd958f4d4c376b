import cvssCalculator from 'ae-cvss-calculator';
import type { CvssScore } from './advisories';
import { CVSS_V31_VECTOR_PATTERN } from './cvss-severity';

/**
 * Its own entry (`@portal/contracts/cvss`), not in the index: the calculator is about 190 KB,
 * loaded only by the advisory draft screen and the server, never by every page.
 */

/**
 * The base score and severity of a CVSS v3.1 vector, computed by ae-cvss-calculator (the
 * same on the draft screen as the vector is typed and on the server at publish); undefined
 * for a vector that does not match CVSS_V31_VECTOR_PATTERN. Never throws.
 */
export function cvssBaseScore(vector: string): CvssScore | undefined {
  if (vector.length > 200 || !new RegExp(CVSS_V31_VECTOR_PATTERN).test(vector)) return undefined;
  const cvss = new cvssCalculator.Cvss3P1(vector);
  const json = cvss.createJsonSchema();
  return { baseScore: json.baseScore, baseSeverity: json.baseSeverity };
}
