import { SERVICE_OUTAGES } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-client';
import { signInDate } from './sign-in-date';
import { SIGN_IN_FAILED, signInFailureMessage } from './sign-in-widget';

describe('sign-in texts', () => {
  it('shows the server’s reason when it refused the request', () => {
    expect(signInFailureMessage(new ApiError(400, 'Use your company email address to sign in.'))).toBe(
      'Use your company email address to sign in.',
    );
    expect(signInFailureMessage(new ApiError(429, 'Please wait a minute and try again.'))).toBe(
      'Please wait a minute and try again.',
    );
  });

  it('says in the server’s words that the mail cannot be sent now (503)', () => {
    expect(signInFailureMessage(new ApiError(503, SERVICE_OUTAGES.signInMail.message))).toBe(
      'The sign-in email cannot be sent right now. Please try again in a few minutes.',
    );
  });

  it('apologises in general for anything else', () => {
    expect(SIGN_IN_FAILED).toBe('There was an error submitting your request.');
    expect(signInFailureMessage(new ApiError(500, 'Something went wrong on our side. Please try again later.'))).toBe(
      SIGN_IN_FAILED,
    );
    expect(signInFailureMessage(new ApiError(0, 'timeout'))).toBe(SIGN_IN_FAILED);
    expect(signInFailureMessage(new TypeError('failed to fetch'))).toBe(SIGN_IN_FAILED);
  });

  it('writes sign-in dates the en-US medium way', () => {
    expect(signInDate(Date.UTC(2027, 1, 22, 12) / 1000)).toBe('Feb 22, 2027');
  });
});
