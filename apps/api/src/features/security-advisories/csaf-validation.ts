import type { CsafProblem } from '@portal/contracts';
import type validateCsaf from '@secvisogram/csaf-validator-lib/validate.js';

/**
 * The reference validator's CSAF 2.0 JSON schema test and every mandatory test (CSAF 2.0
 * §6.1), as the BSI's csaf-validator-lib runs them: what a publish must pass. Only the
 * library's own tests are passed to `validate`.
 *
 * Loaded at the first check, not at start-up: the mandatory tests take seconds to import
 * (their schemas are compiled on import), which every portal start and every command paid,
 * and a portal that cannot reach its database must say so within 10 s.
 */
let validator:
  | Promise<{
      validate: typeof validateCsaf;
      tests: unknown[];
    }>
  | undefined;

function loadValidator() {
  validator ??= Promise.all([
    import('@secvisogram/csaf-validator-lib/mandatoryTests.js'),
    import('@secvisogram/csaf-validator-lib/schemaTests.js'),
    import('@secvisogram/csaf-validator-lib/validate.js'),
  ]).then(([mandatory, { csaf_2_0 }, { default: validate }]) => ({
    validate,
    tests: [csaf_2_0, ...Object.values(mandatory)],
  }));
  return validator;
}

export async function csafProblems(document: unknown): Promise<CsafProblem[]> {
  const { validate, tests } = await loadValidator();
  const result = await validate(tests as Parameters<typeof validate>[0], document);
  return result.tests.flatMap((test) =>
    test.errors.map((error) => ({ instancePath: error.instancePath, message: `${error.message} (${test.name})` })),
  );
}
