import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-client';
import { alreadyReported } from '../report-errors';
import { failureTone } from './failure-alert';
import { INTERNAL_PROBLEM, outcomeOf } from './outcome';

beforeEach(() => {
  vi.stubGlobal('window', { location: { pathname: '/x' } });
  vi.stubGlobal('reportError', vi.fn());
});
afterEach(() => vi.unstubAllGlobals());

const failing = (error: unknown) => () => Promise.reject(error);

describe('outcomeOf', () => {
  it('answers the data', async () => {
    expect(await outcomeOf(async () => 7)).toEqual({ kind: 'ok', data: 7 });
  });

  it("says the screen's own text for a 401 when it has one, and the server's message otherwise", async () => {
    expect(await outcomeOf(failing(new ApiError(401, 'whatever')), { rejected: 'Incorrect key' })).toEqual({
      kind: 'rejected',
      message: 'Incorrect key',
    });
    expect(await outcomeOf(failing(new ApiError(401, 'Sign in first.')))).toEqual({
      kind: 'failed',
      message: 'Sign in first.',
      status: 401,
    });
    expect(await outcomeOf(failing(new ApiError(0, 'Encountered timeout')), { rejected: 'x' })).toEqual({
      kind: 'failed',
      message: 'Encountered timeout',
      status: 0,
    });
    expect(globalThis.reportError).not.toHaveBeenCalled();
  });

  it('reports a fault of ours and says the internal problem, or shows its own message when asked', async () => {
    const fault = new SyntaxError('Unexpected end of JSON input');
    expect(await outcomeOf(failing(fault))).toEqual({ kind: 'failed', message: INTERNAL_PROBLEM, status: null });
    expect(globalThis.reportError).toHaveBeenCalledWith(fault);
    // The collector's listener for uncaught errors skips it: reported once, through the bus.
    expect(alreadyReported(fault)).toBe(true);
    expect(alreadyReported(new SyntaxError('another'))).toBe(false);
    expect(await outcomeOf(failing(new Error('No link to follow')), { unexpected: 'own-message' })).toEqual({
      kind: 'failed',
      message: 'No link to follow',
      status: null,
    });
    expect(globalThis.reportError).toHaveBeenCalledTimes(1);
  });

  it('lets an aborted call stay aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('aborted', 'AbortError');
    await expect(outcomeOf(failing(abort), { signal: controller.signal })).rejects.toBe(abort);
  });
});

describe('failureTone', () => {
  it('is danger for a refusal and a fault of ours, a warning for an HTTP error', () => {
    expect(failureTone({ kind: 'rejected', message: 'Invalid key ID' })).toBe('danger');
    expect(failureTone({ kind: 'failed', message: INTERNAL_PROBLEM, status: null })).toBe('danger');
    expect(failureTone({ kind: 'failed', message: 'Too many failed attempts.', status: 429 })).toBe('warning');
    expect(failureTone({ kind: 'failed', message: 'Encountered timeout', status: 0 })).toBe('warning');
  });
});
