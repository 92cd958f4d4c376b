import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hotp, isOcraQuestion, ocra, ocraDataInput, OcraSuiteError, parseOcraSuite } from './ocra';

// RFC 6287 Appendix C: the ASCII digits "1234567890" repeated to 20, 32 and 64 bytes.
const KEY20 = Buffer.from('12345678901234567890', 'ascii');
const KEY32 = Buffer.from('12345678901234567890123456789012', 'ascii');
const KEY64 = Buffer.from('1234567890123456789012345678901234567890123456789012345678901234', 'ascii');
const PIN_1234_SHA1 = createHash('sha1').update('1234').digest();
// "Mar 25 2008, 12:06:30 GMT" in minutes since the epoch.
const T_MINUTES = 0x132d0b6n;

const run = (suite: string, key: Buffer, inputs: Parameters<typeof ocra>[2]) =>
  ocra(parseOcraSuite(suite), key, inputs);

describe('RFC 4226 Appendix D: HOTP', () => {
  const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
  it.each(expected.map((code, count) => [count, code] as const))('count %i gives %s', (count, code) => {
    expect(hotp(KEY20, BigInt(count))).toBe(code);
  });
});

describe('RFC 6287 Appendix C.1: one-way challenge-response', () => {
  it('OCRA-1:HOTP-SHA1-6:QN08', () => {
    const expected = [
      '237653',
      '243178',
      '653583',
      '740991',
      '608993',
      '388898',
      '816933',
      '224598',
      '750600',
      '294470',
    ];
    expected.forEach((code, digit) => {
      expect(run('OCRA-1:HOTP-SHA1-6:QN08', KEY20, { question: String(digit).repeat(8) })).toBe(code);
    });
  });

  it('OCRA-1:HOTP-SHA256-8:C-QN08-PSHA1', () => {
    const expected = [
      '65347737',
      '86775851',
      '78192410',
      '71565254',
      '10104329',
      '65983500',
      '70069104',
      '91771096',
      '75011558',
      '08522129',
    ];
    expected.forEach((code, counter) => {
      const inputs = { counter: BigInt(counter), question: '12345678', password: PIN_1234_SHA1 };
      expect(run('OCRA-1:HOTP-SHA256-8:C-QN08-PSHA1', KEY32, inputs)).toBe(code);
    });
  });

  it('OCRA-1:HOTP-SHA256-8:QN08-PSHA1', () => {
    const expected = ['83238735', '01501458', '17957585', '86776967', '86807031'];
    expected.forEach((code, digit) => {
      const inputs = { question: String(digit).repeat(8), password: PIN_1234_SHA1 };
      expect(run('OCRA-1:HOTP-SHA256-8:QN08-PSHA1', KEY32, inputs)).toBe(code);
    });
  });

  it('OCRA-1:HOTP-SHA512-8:C-QN08', () => {
    const expected = [
      '07016083',
      '63947962',
      '70123924',
      '25341727',
      '33203315',
      '34205738',
      '44343969',
      '51946085',
      '20403879',
      '31409299',
    ];
    expected.forEach((code, counter) => {
      const inputs = { counter: BigInt(counter), question: String(counter).repeat(8) };
      expect(run('OCRA-1:HOTP-SHA512-8:C-QN08', KEY64, inputs)).toBe(code);
    });
  });

  it('OCRA-1:HOTP-SHA512-8:QN08-T1M', () => {
    const expected = ['95209754', '55907591', '22048402', '24218844', '36209546'];
    expected.forEach((code, digit) => {
      const inputs = { question: String(digit).repeat(8), timeSteps: T_MINUTES };
      expect(run('OCRA-1:HOTP-SHA512-8:QN08-T1M', KEY64, inputs)).toBe(code);
    });
  });
});

describe('RFC 6287 Appendix C.2: mutual challenge-response', () => {
  const serverQuestions = [0, 1, 2, 3, 4].map((i) => `CLI2222${i}SRV1111${i}`);
  const clientQuestions = [0, 1, 2, 3, 4].map((i) => `SRV1111${i}CLI2222${i}`);

  it('OCRA-1:HOTP-SHA256-8:QA08, server and client computations', () => {
    const server = ['28247970', '01984843', '65387857', '03351211', '83412541'];
    const client = ['15510767', '90175646', '33777207', '95285278', '28934924'];
    serverQuestions.forEach((question, i) =>
      expect(run('OCRA-1:HOTP-SHA256-8:QA08', KEY32, { question })).toBe(server[i]),
    );
    clientQuestions.forEach((question, i) =>
      expect(run('OCRA-1:HOTP-SHA256-8:QA08', KEY32, { question })).toBe(client[i]),
    );
  });

  it('OCRA-1:HOTP-SHA512-8:QA08 (server) and OCRA-1:HOTP-SHA512-8:QA08-PSHA1 (client)', () => {
    const server = ['79496648', '76831980', '12250499', '90856481', '12761449'];
    const client = ['18806276', '70020315', '01600026', '18951020', '32528969'];
    serverQuestions.forEach((question, i) =>
      expect(run('OCRA-1:HOTP-SHA512-8:QA08', KEY64, { question })).toBe(server[i]),
    );
    clientQuestions.forEach((question, i) =>
      expect(run('OCRA-1:HOTP-SHA512-8:QA08-PSHA1', KEY64, { question, password: PIN_1234_SHA1 })).toBe(client[i]),
    );
  });
});

describe('RFC 6287 Appendix C.3: plain signature', () => {
  it('OCRA-1:HOTP-SHA256-8:QA08', () => {
    const expected = ['53095496', '04110475', '31331128', '76028668', '46554205'];
    expected.forEach((code, i) =>
      expect(run('OCRA-1:HOTP-SHA256-8:QA08', KEY32, { question: `SIG1${i}000` })).toBe(code),
    );
  });

  it('OCRA-1:HOTP-SHA512-8:QA10-T1M', () => {
    const expected = ['77537423', '31970405', '10235557', '95213541', '65360607'];
    expected.forEach((code, i) =>
      expect(run('OCRA-1:HOTP-SHA512-8:QA10-T1M', KEY64, { question: `SIG1${i}00000`, timeSteps: T_MINUTES })).toBe(
        code,
      ),
    );
  });
});

describe('suites and questions', () => {
  it('refuses suites it cannot compute rather than guessing', () => {
    for (const text of [
      'OCRA-2:HOTP-SHA1-6:QN08',
      'OCRA-1:HOTP-MD5-6:QN08',
      'OCRA-1:HOTP-SHA1-3:QN08',
      'OCRA-1:HOTP-SHA1-6:C',
      'OCRA-1:HOTP-SHA1-6:QN08-X',
    ])
      expect(() => parseOcraSuite(text)).toThrow(OcraSuiteError);
  });

  it('accepts a QN08 question of one to eight decimal digits only', () => {
    const suite = parseOcraSuite('OCRA-1:HOTP-SHA256-8:QN08');
    expect(['0', '12345678'].map((q) => isOcraQuestion(suite, q))).toEqual([true, true]);
    expect(['', '123456789', '1234 5678', '12ab', '١٢٣'].map((q) => isOcraQuestion(suite, q))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(() => ocra(suite, KEY32, { question: '12ab' })).toThrow(OcraSuiteError);
  });

  it('fills the high half of a byte with an odd count of hexadecimal digits, as the reference code does', () => {
    const hexSuite = parseOcraSuite('OCRA-1:HOTP-SHA1-6:QH08');
    const question = (suite: ReturnType<typeof parseOcraSuite>, q: string) =>
      ocraDataInput(suite, { question: q })
        .subarray(suite.text.length + 1, suite.text.length + 3)
        .toString('hex');
    expect(question(hexSuite, 'b')).toBe('b000');
    expect(question(hexSuite, 'B0')).toBe('b000');
    // 11 in decimal is b in hexadecimal; 4095 is fff.
    expect(question(parseOcraSuite('OCRA-1:HOTP-SHA1-6:QN08'), '11')).toBe('b000');
    expect(question(parseOcraSuite('OCRA-1:HOTP-SHA1-6:QN08'), '4095')).toBe('fff0');
  });
});
