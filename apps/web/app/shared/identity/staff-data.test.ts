import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-client';
import { INTERNAL_PROBLEM } from '../outcome/outcome';
import { onTelemetry, type TelemetryEmission } from '../telemetry-bus';
import { loadStaffData } from './staff-data';

const request = () => new Request('http://portal.example/service/cornerstone/releases');
let stored: string | null;
let emitted: TelemetryEmission[];

beforeEach(() => {
  stored = 'a.b.c';
  emitted = [];
  vi.stubGlobal('window', { localStorage: { getItem: () => stored }, location: { pathname: '/service/x' } });
  vi.stubGlobal('reportError', vi.fn());
  onTelemetry((emission) => emitted.push(emission));
});
afterEach(() => vi.unstubAllGlobals());

describe('loadStaffData', () => {
  it('loads nothing without a stored bearer', async () => {
    stored = null;
    const load = vi.fn();
    expect(await loadStaffData(request(), load)).toEqual({ kind: 'signed-out' });
    expect(load).not.toHaveBeenCalled();
  });

  it('answers the data with a bearer', async () => {
    expect(await loadStaffData(request(), async () => [1, 2])).toEqual({ kind: 'ok', data: [1, 2] });
  });

  it('falls back to signed out on a 401 (the client has cleared the bearer)', async () => {
    const load = () => Promise.reject(new ApiError(401, 'Sign in to use this.'));
    expect(await loadStaffData(request(), load)).toEqual({ kind: 'signed-out' });
  });

  it('shows another HTTP error with its message (a warning: FailureAlert)', async () => {
    const load = () => Promise.reject(new ApiError(503, 'Try again later'));
    expect(await loadStaffData(request(), load)).toEqual({ kind: 'failed', message: 'Try again later', status: 503 });
    expect(emitted).toEqual([]);
  });

  it('reports anything else and says there was an internal problem', async () => {
    const fault = new TypeError('x is undefined');
    expect(await loadStaffData(request(), () => Promise.reject(fault))).toEqual({
      kind: 'failed',
      message: 'There was an internal problem. This issue has been reported automatically.',
      status: null,
    });
    expect(INTERNAL_PROBLEM).toBe('There was an internal problem. This issue has been reported automatically.');
    expect(globalThis.reportError).toHaveBeenCalledWith(fault);
    expect(emitted).toEqual([{ kind: 'error', pathname: '/service/x', error: fault }]);
  });

  it('lets an aborted load stay aborted', async () => {
    const controller = new AbortController();
    const aborted = new Request('http://portal.example/x', { signal: controller.signal });
    controller.abort();
    const abort = new DOMException('aborted', 'AbortError');
    await expect(loadStaffData(aborted, () => Promise.reject(abort))).rejects.toBe(abort);
  });
});
