import type { CsafProblem } from '@portal/contracts';
import * as mandatory from '@secvisogram/csaf-validator-lib/mandatoryTests.js';
import { csaf_2_0 } from '@secvisogram/csaf-validator-lib/schemaTests.js';
import validate from '@secvisogram/csaf-validator-lib/validate.js';

/**
 * The reference validator's CSAF 2.0 JSON schema test and every mandatory test (CSAF 2.0
 * §6.1), as the BSI's csaf-validator-lib runs them: what a publish must pass. Only the
 * library's own tests are passed to `validate`.
 */
const TESTS = [csaf_2_0, ...Object.values(mandatory)];

export async function csafProblems(document: unknown): Promise<CsafProblem[]> {
  const result = await validate(TESTS, document);
  return result.tests.flatMap((test) =>
    test.errors.map((error) => ({ instancePath: error.instancePath, message: `${error.message} (${test.name})` })),
  );
}
