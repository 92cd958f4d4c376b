import { describe, expect, it } from 'vitest';
import { jsonLineFinder, jsonPathSegments, parseJsonLines } from './json-lines';

const manifest = [
  '{',
  '  "families": ["Dev"],',
  '  "versions": [',
  '    {',
  '      "name": "9.1.0",',
  '      "releaseDate": "soon",',
  '      "offlineInstaller": {',
  '        "path": "a/b.zip"',
  '      }',
  '    }',
  '  ],',
  '  "a/b": 1',
  '}',
].join('\n');

describe('a JSON problem placed at its line', () => {
  it("reads the portal's field names and JSON pointers alike", () => {
    expect(jsonPathSegments('versions[0].offlineInstaller.path')).toEqual(['versions', 0, 'offlineInstaller', 'path']);
    expect(jsonPathSegments('/versions/0/offlineInstaller/path')).toEqual(['versions', 0, 'offlineInstaller', 'path']);
    expect(jsonPathSegments('/a~1b/x~0y')).toEqual(['a/b', 'x~y']);
    expect(jsonPathSegments('')).toEqual([]);
  });

  it('names the line of a field, of the key of an object, and of the nearest entry for a field not written', () => {
    const lineOf = jsonLineFinder(manifest);
    expect(lineOf('versions[0].releaseDate')).toBe(6);
    expect(lineOf('/versions/0/releaseDate')).toBe(6);
    expect(lineOf('versions[0].offlineInstaller')).toBe(7);
    expect(lineOf('/versions/0/offlineInstaller/path')).toBe(8);
    expect(lineOf('/a~1b')).toBe(12);
    // Not written: the entry that would hold it, the document at worst.
    expect(lineOf('versions[0].notes')).toBe(4);
    expect(lineOf('versions[3].name')).toBe(3);
    expect(lineOf('pibs[0]')).toBe(1);
    expect(jsonLineFinder('')('versions')).toBeUndefined();
  });

  it('answers the syntax errors of strict JSON at their lines, comments and trailing commas included', () => {
    expect(parseJsonLines('{\n  "a": 1,\n  "b": 2,\n}')).toEqual({
      syntaxErrors: [
        { line: 4, error: 'PropertyNameExpected' },
        { line: 4, error: 'ValueExpected' },
      ],
    });
    expect(parseJsonLines('{\n  // a comment\n  "a": 1\n}')).toEqual({
      syntaxErrors: [{ line: 2, error: 'InvalidCommentToken' }],
    });
    const parsed = parseJsonLines(manifest);
    expect('lineOf' in parsed && parsed.lineOf('versions[0].name')).toBe(5);
  });
});
