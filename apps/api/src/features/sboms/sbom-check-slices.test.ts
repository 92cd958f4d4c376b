import { describe, expect, it } from 'vitest';
import { checkSbom } from './sbom-check';

const library = (index: number) => ({ type: 'library', name: `library-${index}`, version: `1.${index}.0` });
const document = (components: unknown[]) =>
  Buffer.from(JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', version: 1, components }, null, 2));

describe('the check of a long SBOM, validated in slices', () => {
  it('accepts 1,000 components and lists them in order', async () => {
    const result = await checkSbom(document(Array.from({ length: 1_000 }, (_, index) => library(index))));
    expect(result.ok && result.sbom.components.length).toBe(1_000);
    expect(result.ok && result.sbom.components[999]).toEqual({ name: 'library-999', version: '1.999.0', purl: null });
  });

  it('names a bad component by its index in the whole array and its line in the SBOM', async () => {
    const components: unknown[] = Array.from({ length: 100 }, (_, index) => library(index));
    components[70] = { type: 'spaceship', name: 'library-70' };
    const result = await checkSbom(document(components));
    // Each component takes 5 lines from line 6 on: the 71st's "type" is on line 6 + 70 * 5 + 1.
    expect(result).toEqual({
      ok: false,
      problem: `is refused by the CycloneDX 1.5 schema: line ${6 + 70 * 5 + 1}: /components/70/type must be equal to one of the allowed values`,
    });
  });

  it('refuses a component listed twice, as the schema’s uniqueItems does', async () => {
    const components = Array.from({ length: 100 }, (_, index) => library(index));
    components[90] = library(3);
    const result = await checkSbom(document(components));
    expect(result).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/\/components\/90 is the same as \/components\/3 \(items must be unique\)$/),
    });
  });
});
