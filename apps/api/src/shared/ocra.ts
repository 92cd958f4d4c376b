import { createHmac } from 'node:crypto';

/**
 * OCRA, the OATH Challenge-Response Algorithm (RFC 6287), over node:crypto: no npm OTP
 * package implements it. General enough for every suite of RFC 6287 Appendix C (HOTP-SHA1,
 * -SHA256, -SHA512; counter C; questions QA, QN, QH; PIN hash P; session S; timestamp T)
 * and checked against all of its vectors; docs/service-keys.md spells it out byte by byte.
 */
export interface OcraSuite {
  /** The suite string itself, e.g. `OCRA-1:HOTP-SHA256-8:QN08`: it is the first input to the MAC. */
  text: string;
  hash: 'sha1' | 'sha256' | 'sha512';
  /** 0 means the raw truncated value is not reduced (RFC 6287 §5.1); 4 to 10 otherwise. */
  digits: number;
  counter: boolean;
  question: { format: 'A' | 'N' | 'H'; maxLength: number };
  /** Length in bytes of the PIN hash, if the suite takes one. */
  passwordBytes?: number;
  /** Length in bytes of the session information, if the suite takes it. */
  sessionBytes?: number;
  /** Length of a time step in seconds, if the suite takes a timestamp. */
  timeStepSeconds?: number;
}

export interface OcraInputs {
  counter?: bigint;
  question: string;
  /** The PIN hash (for `PSHA1`, SHA-1 of the PIN). */
  password?: Buffer;
  session?: Buffer;
  /** Time steps since the Unix epoch (for `T1M`, minutes). */
  timeSteps?: bigint;
}

const HASH_BYTES = { sha1: 20, sha256: 32, sha512: 64 } as const;
const TIME_UNIT_SECONDS = { S: 1, M: 60, H: 3600 } as const;
const QUESTION_BYTES = 128;

export class OcraSuiteError extends Error {}

/** Parses `OCRA-1:HOTP-<hash>-<digits>:<data input>`; throws OcraSuiteError on anything else. */
export function parseOcraSuite(text: string): OcraSuite {
  const match = /^OCRA-1:HOTP-(SHA1|SHA256|SHA512)-(\d{1,2}):(.+)$/.exec(text);
  if (!match) throw new OcraSuiteError(`Not an OCRA-1 suite: ${text}`);
  const digits = Number(match[2]);
  if (digits !== 0 && (digits < 4 || digits > 10)) throw new OcraSuiteError(`Unsupported digits: ${text}`);
  const suite: OcraSuite = {
    text,
    hash: match[1]!.toLowerCase() as OcraSuite['hash'],
    digits,
    counter: false,
    question: { format: 'N', maxLength: 8 },
  };
  const parts = match[3]!.split('-');
  let sawQuestion = false;
  for (const [index, part] of parts.entries()) {
    let input: RegExpExecArray | null;
    if (part === 'C' && index === 0) suite.counter = true;
    else if ((input = /^Q([ANH])(\d\d)$/.exec(part)) && !sawQuestion) {
      const maxLength = Number(input[2]);
      if (maxLength < 4 || maxLength > 64) throw new OcraSuiteError(`Unsupported question length: ${text}`);
      suite.question = { format: input[1] as 'A' | 'N' | 'H', maxLength };
      sawQuestion = true;
    } else if ((input = /^P(SHA1|SHA256|SHA512)$/.exec(part)) && sawQuestion)
      suite.passwordBytes = HASH_BYTES[input[1]!.toLowerCase() as OcraSuite['hash']];
    else if ((input = /^S(\d{3})$/.exec(part)) && sawQuestion) suite.sessionBytes = Number(input[1]);
    else if ((input = /^T(\d{1,2})([SMH])$/.exec(part)) && sawQuestion)
      suite.timeStepSeconds = Number(input[1]) * TIME_UNIT_SECONDS[input[2] as 'S' | 'M' | 'H'];
    else throw new OcraSuiteError(`Unsupported data input "${part}": ${text}`);
  }
  if (!sawQuestion) throw new OcraSuiteError(`An OCRA suite needs a question: ${text}`);
  return suite;
}

function fitsAlphabet(format: OcraSuite['question']['format'], question: string): boolean {
  if (format === 'N') return /^\d+$/.test(question);
  if (format === 'H') return /^[0-9a-fA-F]+$/.test(question);
  return /^[\x21-\x7e]+$/.test(question);
}

/** Whether a challenge is well formed for the suite: its alphabet and at most its length. */
export function isOcraQuestion(suite: OcraSuite, question: string): boolean {
  return question.length <= suite.question.maxLength && fitsAlphabet(suite.question.format, question);
}

/**
 * The question as the MAC reads it (RFC 6287 §5.2): 128 bytes, the question's bytes first
 * and zeros after. QN: the decimal number written in hexadecimal digits (upper or lower
 * case alike), left-aligned, so an odd count of digits fills the high half of a byte;
 * QH: the hexadecimal digits as given, likewise; QA: the ASCII characters. In mutual mode
 * the question is both parties' challenges one after the other, so only the 128 bytes
 * bound it here; isOcraQuestion holds one challenge to the suite's length.
 */
function questionBytes(suite: OcraSuite, question: string): Buffer {
  const { format } = suite.question;
  if (!fitsAlphabet(format, question)) throw new OcraSuiteError('The question does not fit the suite');
  const hex =
    format === 'A'
      ? Buffer.from(question, 'ascii').toString('hex')
      : format === 'N'
        ? BigInt(question).toString(16)
        : question;
  if (hex.length > QUESTION_BYTES * 2) throw new OcraSuiteError('The question is longer than 128 bytes');
  return Buffer.from(hex.padEnd(QUESTION_BYTES * 2, '0'), 'hex');
}

function uint64(value: bigint): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt.asUintN(64, value));
  return bytes;
}

function fixedLength(value: Buffer | undefined, length: number, name: string): Buffer {
  if (!value || value.length !== length) throw new OcraSuiteError(`The suite needs ${length} bytes of ${name}`);
  return value;
}

/** HOTP's dynamic truncation (RFC 4226 §5.3): 31 bits at the offset the last nibble names, in decimal digits. */
export function truncate(mac: Buffer, digits: number): string {
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = mac.readUInt32BE(offset) & 0x7fffffff;
  if (digits === 0) return String(value);
  return String(value % 10 ** digits).padStart(digits, '0');
}

/** HOTP (RFC 4226) with HMAC-SHA-1: the counter as 8 bytes, big-endian. */
export function hotp(key: Buffer, counter: bigint, digits = 6): string {
  return truncate(createHmac('sha1', key).update(uint64(counter)).digest(), digits);
}

/**
 * The bytes OCRA signs (RFC 6287 §5.1): the suite in ASCII, one zero byte, then in order
 * and only when the suite names them: C (8 bytes), Q (128 bytes), P, S, T (8 bytes).
 */
export function ocraDataInput(suite: OcraSuite, inputs: OcraInputs): Buffer {
  const parts: Buffer[] = [Buffer.from(suite.text, 'ascii'), Buffer.alloc(1)];
  if (suite.counter) {
    if (inputs.counter === undefined) throw new OcraSuiteError('The suite needs a counter');
    parts.push(uint64(inputs.counter));
  }
  parts.push(questionBytes(suite, inputs.question));
  if (suite.passwordBytes) parts.push(fixedLength(inputs.password, suite.passwordBytes, 'PIN hash'));
  if (suite.sessionBytes) parts.push(fixedLength(inputs.session, suite.sessionBytes, 'session information'));
  if (suite.timeStepSeconds) {
    if (inputs.timeSteps === undefined) throw new OcraSuiteError('The suite needs a timestamp');
    parts.push(uint64(inputs.timeSteps));
  }
  return Buffer.concat(parts);
}

/** The OCRA response: HMAC over the data input, truncated as HOTP truncates. */
export function ocra(suite: OcraSuite, key: Buffer, inputs: OcraInputs): string {
  return truncate(createHmac(suite.hash, key).update(ocraDataInput(suite, inputs)).digest(), suite.digits);
}
