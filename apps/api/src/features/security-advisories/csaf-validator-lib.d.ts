/**
 * The parts of @secvisogram/csaf-validator-lib the portal calls, typed as its README states
 * them (the package ships JavaScript with JSDoc, no declarations).
 */
interface CsafTestMessage {
  message: string;
  instancePath: string;
}
interface CsafTestResult {
  isValid?: boolean;
  errors?: CsafTestMessage[];
  warnings?: CsafTestMessage[];
  infos?: CsafTestMessage[];
}
type CsafDocumentTest = (doc: unknown) => CsafTestResult | Promise<CsafTestResult>;

declare module '@secvisogram/csaf-validator-lib/validate.js' {
  export default function validate(
    tests: CsafDocumentTest[],
    doc: unknown,
  ): Promise<{
    isValid: boolean;
    tests: Array<{
      name: string;
      isValid: boolean;
      errors: CsafTestMessage[];
      warnings: CsafTestMessage[];
      infos: CsafTestMessage[];
    }>;
  }>;
}
declare module '@secvisogram/csaf-validator-lib/mandatoryTests.js' {
  const tests: Record<string, CsafDocumentTest>;
  export = tests;
}
declare module '@secvisogram/csaf-validator-lib/schemaTests.js' {
  export const csaf_2_0: CsafDocumentTest;
  export const csaf_2_0_strict: CsafDocumentTest;
}
