import { ADVISORY_MESSAGES, unknownReleaseMessage } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { placeProblems, problemField, saveRefusalProblem } from './draft-problems';

describe('where a problem is shown', () => {
  it("puts a problem of the draft's own fields beside that field", () => {
    expect(problemField('/title', 'advisory')).toBe('title');
    expect(problemField('/summary', 'advisory')).toBe('summary');
    expect(problemField('/vulnerabilities/0/cvssVector', 'advisory')).toBe('vulnerabilities.0.cvssVector');
    expect(problemField('/vulnerabilities/2/cwe/id', 'advisory')).toBe('vulnerabilities.2.cwe');
    expect(problemField('/vulnerabilities/1/affected/3', 'advisory')).toBe('vulnerabilities.1.affected');
    expect(problemField('/vulnerabilities/0/remediations/1/text', 'advisory')).toBe('vulnerabilities.0.remediations');
    expect(problemField('/notAffected/1/products', 'vex')).toBe('notAffected.1.products');
    expect(problemField('/acknowledgments/0/names/2', 'advisory')).toBe('acknowledgments');
  });

  it('puts a problem of the CSAF document beside the field it comes from', () => {
    expect(problemField('/document/title', 'advisory')).toBe('title');
    expect(problemField('/document/notes/0/text', 'advisory')).toBe('summary');
    expect(problemField('/vulnerabilities/0/cve', 'advisory')).toBe('vulnerabilities.0.cve');
    expect(problemField('/vulnerabilities/0/scores/0/cvss_v3/baseScore', 'advisory')).toBe(
      'vulnerabilities.0.cvssVector',
    );
    expect(problemField('/vulnerabilities/0/product_status/known_affected', 'advisory')).toBe(
      'vulnerabilities.0.affected',
    );
    expect(problemField('/vulnerabilities/0/product_status/fixed/0', 'advisory')).toBe('vulnerabilities.0.fixed');
    expect(problemField('/vulnerabilities/0/notes/0', 'advisory')).toBe('vulnerabilities.0.description');
    // In a VEX document the CSAF vulnerabilities are the not-affected statements.
    expect(problemField('/vulnerabilities/1/cve', 'vex')).toBe('notAffected.1.cve');
    expect(problemField('/vulnerabilities/0/flags/0/label', 'vex')).toBe('notAffected.0.justification');
    expect(problemField('/vulnerabilities/0/product_status/known_not_affected', 'vex')).toBe('notAffected.0.products');
  });

  it('names no field for a path the screen has none for', () => {
    for (const path of [
      '',
      '/',
      '/document/tracking/id',
      '/product_tree/branches/0',
      '/vulnerabilities/x/cve',
      '/vulnerabilities/0',
    ]) {
      expect(problemField(path, 'advisory')).toBeUndefined();
    }
  });

  it('lists the problems of no field with their path, and gathers the rest by field', () => {
    const placed = placeProblems(
      [
        { instancePath: '/document/title', message: 'must not be empty' },
        { instancePath: '/product_tree', message: 'Missing product_tree' },
        { instancePath: '', message: 'The document is not valid.' },
        { instancePath: '/document/title', message: 'is too long' },
      ],
      'advisory',
    );
    expect(placed.byField).toEqual(new Map([['title', ['must not be empty', 'is too long']]]));
    expect(placed.whole).toEqual(['/product_tree: Missing product_tree', 'The document is not valid.']);
  });

  it("reads the field out of a refused save's message", () => {
    expect(saveRefusalProblem('body/vulnerabilities/0/cve must match pattern "^CVE-\\d{4}-\\d{4,}$"')).toEqual({
      instancePath: '/vulnerabilities/0/cve',
      message: 'must match pattern "^CVE-\\d{4}-\\d{4,}$"',
    });
    expect(saveRefusalProblem("body must have required property 'title'")).toEqual({
      instancePath: '',
      message: "must have required property 'title'",
    });
    const unknown = unknownReleaseMessage('vulnerabilities[0].affected[1]', 'cornerstone:9.9');
    expect(saveRefusalProblem(unknown)).toEqual({ instancePath: '/vulnerabilities/0/affected/1', message: unknown });
    expect(problemField(saveRefusalProblem(unknown).instancePath, 'advisory')).toBe('vulnerabilities.0.affected');
    expect(saveRefusalProblem(ADVISORY_MESSAGES.vulnerabilityNeedsProducts)).toEqual({
      instancePath: '',
      message: ADVISORY_MESSAGES.vulnerabilityNeedsProducts,
    });
    expect(saveRefusalProblem('Something else.')).toEqual({ instancePath: '', message: 'Something else.' });
  });
});
