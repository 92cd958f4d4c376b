import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-client';
import { runLookup } from './run-lookup';

const request = (search: string, signal = new AbortController().signal) =>
  new Request(`http://portal.test/cornerstone/dsvs${search}`, { signal });

describe('runLookup', () => {
  it('stays idle without a registrationId in the URL, and searches an empty one', async () => {
    const asked: string[] = [];
    const lookup = async (id: string) => {
      asked.push(id);
      return id;
    };
    expect(await runLookup(request(''), lookup, 'Invalid')).toEqual({ registrationId: '' });
    expect(await runLookup(request('?registrationId=%20ABC%20'), lookup, 'Invalid')).toEqual({
      registrationId: ' ABC ',
      outcome: { kind: 'ok', data: 'ABC' },
      lookedUpAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(await runLookup(request('?registrationId='), lookup, 'Invalid')).toMatchObject({
      outcome: { kind: 'ok', data: '' },
    });
    expect(asked).toEqual(['ABC', '']);
  });

  it("shows the screen's own text for a 401 and the server's message otherwise", async () => {
    const failing = (status: number, message: string) => async () => {
      throw new ApiError(status, message);
    };
    expect(await runLookup(request('?registrationId=X'), failing(401, 'whatever'), 'Invalid Registraion ID')).toEqual({
      registrationId: 'X',
      outcome: { kind: 'rejected', message: 'Invalid Registraion ID' },
      lookedUpAt: expect.any(String),
    });
    expect(await runLookup(request('?registrationId=X'), failing(429, 'Too many failed attempts.'), 'Invalid')).toEqual(
      {
        registrationId: 'X',
        outcome: { kind: 'failed', message: 'Too many failed attempts.', status: 429 },
        lookedUpAt: expect.any(String),
      },
    );
  });

  it('lets a superseded search fail silently as an abort', async () => {
    const controller = new AbortController();
    const pending = runLookup(
      request('?registrationId=X', controller.signal),
      (_id, signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
      'Invalid',
    );
    controller.abort();
    // The abort itself, not an error outcome or some other failure on the way.
    await expect(pending).rejects.toMatchObject({ name: 'AbortError', message: 'This operation was aborted' });
  });
});
