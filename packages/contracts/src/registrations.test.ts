import { describe, expect, it } from 'vitest';
import {
  keyIdAuthorization,
  keyIdDownloadsAuthorization,
  parseCustomerAuthorization,
  registrationIdAuthorization,
} from './registrations';

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
  });

  it('is no credential otherwise', () => {
    for (const header of [
      undefined,
      '',
      'Rainbow',
      'Rainbow ',
      'Rainbow id=',
      'Hasp KEY-1',
      'Bearer a.b.c',
      'Rainbow a b',
    ]) {
      expect(parseCustomerAuthorization(header)).toBeUndefined();
    }
  });
});
