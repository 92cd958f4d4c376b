import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CvssField, cvssReading, scoreText } from './cvss-field';

const render = (value: string, problems?: string[]) =>
  renderToStaticMarkup(<CvssField value={value} onChange={() => undefined} problems={problems} />);

describe('the CVSS v3.1 field', () => {
  it('scores a vector as it is typed, with the severity in words', () => {
    // NVD's scores of these vectors.
    expect(cvssReading('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H')).toEqual({
      score: { baseScore: 9.8, baseSeverity: 'CRITICAL' },
    });
    expect(cvssReading(' CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N ')).toEqual({
      score: { baseScore: 7.5, baseSeverity: 'HIGH' },
    });
    expect(scoreText({ baseScore: 5, baseSeverity: 'MEDIUM' })).toBe('5.0 Medium');
    const html = render('CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H');
    expect(html).toContain('Base score <strong>7.8 High</strong>');
    expect(html).toContain('aria-live="polite"');
  });

  it('says a half-typed or wrong vector is not one yet, and nothing for an empty field', () => {
    for (const vector of ['CVSS:3.1/AV:N', 'CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', '<script>', '1e9999']) {
      expect(cvssReading(vector)).toHaveProperty('invalid', expect.stringContaining('Not a CVSS v3.1 base vector'));
    }
    expect(cvssReading('   ')).toBeUndefined();
    expect(render('')).toContain('No vector: the vulnerability states no score.');
    expect(render('CVSS:3.1/AV:X')).toContain('Not a CVSS v3.1 base vector');
  });

  it('labels the input and describes it by its reading and the problems the server named', () => {
    const html = render('CVSS:3.1', ['cvssVector must match pattern']);
    const input = /<input[^>]*>/.exec(html)![0];
    const id = /id="([^"]+)"/.exec(input)![1]!;
    expect(html).toContain(
      `<label class="${/<label class="([^"]+)"/.exec(html)![1]}" for="${id}">CVSS v3.1 vector</label>`,
    );
    expect(input).toContain(`aria-describedby="${id}-reading ${id}-error"`);
    expect(input).toContain('aria-invalid="true"');
    expect(html).toContain(`id="${id}-error"`);
    expect(html).toContain('cvssVector must match pattern');
  });
});
