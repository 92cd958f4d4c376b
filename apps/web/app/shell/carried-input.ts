/** The fragment that carries a visitor's typed input to the same page in another language (carry-input.ts). */
export const CARRIED_INPUT = '#input:';
