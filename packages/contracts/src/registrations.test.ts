import { describe, expect, it } from 'vitest';
import {
  authorizationScheme,
  bearerAuthorization,
  keyIdAuthorization,
  keyIdDownloadsAuthorization,
  parseAuthorization,
  parseBearerAuthorization,
  parseCustomerAuthorization,
  registrationIdAuthorization,
} from './registrations';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJqdGkiOiJ4In0.c2lnbmF0dXJl';

describe('customer Authorization headers', () => {
  it('reads back what each builder writes, the key ID trimmed', () => {
    expect(parseCustomerAuthorization(registrationIdAuthorization(' DEMO-CS-1001 '))).toEqual({
      scheme: 'hasp',
      id: 'DEMO-CS-1001',
    });
    expect(keyIdAuthorization(' KEY-1 ')).toBe('Rainbow id=KEY-1');
    expect(keyIdDownloadsAuthorization(' KEY-1 ')).toBe('Rainbow KEY-1');
    expect(parseCustomerAuthorization('Rainbow id=KEY-1')).toEqual({ scheme: 'rainbow', id: 'KEY-1' });
    expect(parseCustomerAuthorization('Rainbow KEY-1')).toEqual({ scheme: 'rainbow', id: 'KEY-1' });
    expect(parseAuthorization(bearerAuthorization(TOKEN))).toEqual({ scheme: 'bearer', token: TOKEN });
  });

  it('reads the scheme and the id parameter in any case (RFC 9110 §11.1, §11.2)', () => {
    for (const header of ['hasp id=DEMO-CS-1001', 'HASP ID=DEMO-CS-1001', 'hAsP iD=DEMO-CS-1001']) {
      expect(parseAuthorization(header), header).toEqual({ scheme: 'hasp', id: 'DEMO-CS-1001' });
    }
    for (const header of ['rainbow id=KEY-1', 'RAINBOW ID=KEY-1', 'rainbow KEY-1', 'RAINBOW KEY-1']) {
      expect(parseAuthorization(header), header).toEqual({ scheme: 'rainbow', id: 'KEY-1' });
    }
    for (const header of [`bearer ${TOKEN}`, `BEARER ${TOKEN}`, `bEaReR ${TOKEN}`]) {
      expect(parseAuthorization(header), header).toEqual({ scheme: 'bearer', token: TOKEN });
      expect(parseBearerAuthorization(header), header).toBe(TOKEN);
      expect(parseCustomerAuthorization(header), header).toBeUndefined();
    }
    // The ID itself is not folded: it is what the customer typed.
    expect(parseAuthorization('HASP ID=demo-cs-1001')).toEqual({ scheme: 'hasp', id: 'demo-cs-1001' });
  });

  it("takes the RFC's other spellings of the same parameter: spaces, whitespace around '=', a quoted value", () => {
    for (const header of [
      'Hasp  id=DEMO-CS-1001',
      'Hasp id = DEMO-CS-1001',
      'Hasp id="DEMO-CS-1001"',
      'Hasp id=DEMO-CS-1001 ',
    ]) {
      expect(parseAuthorization(header), header).toEqual({ scheme: 'hasp', id: 'DEMO-CS-1001' });
    }
  });

  it('is no credential otherwise', () => {
    for (const header of [
      undefined,
      '',
      'Rainbow',
      'Rainbow ',
      'Rainbow id=',
      'Hasp KEY-1',
      'Hasp id=KEY-1, realm=x',
      'Hasp id="KEY\\-1"',
      'Hasp id="KEY-1',
      'Haspid=KEY-1',
      'Rainbow a b',
      'Basic dXNlcjpwYXNz',
      'Hasp id=not an id!',
      `Hasp id=${'A'.repeat(200)}`,
      'Bearer',
      'Bearer ',
      'Bearer a b',
      'Bearer a"b',
    ]) {
      expect(parseAuthorization(header), String(header)).toBeUndefined();
    }
    expect(parseCustomerAuthorization(`Bearer ${TOKEN}`)).toBeUndefined();
    expect(parseBearerAuthorization('Hasp id=DEMO-CS-1001')).toBeUndefined();
  });

  it("names a header's scheme in lower case, even when its credentials are no good", () => {
    expect(authorizationScheme('RAINBOW not an id')).toBe('rainbow');
    expect(authorizationScheme('Hasp')).toBe('hasp');
    expect(authorizationScheme(undefined)).toBeUndefined();
    expect(authorizationScheme('')).toBeUndefined();
  });
});
