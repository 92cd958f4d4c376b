/** What the sign-in routes answer, in words (SPEC §8); the e-mail door's and the identity provider's share them. */
export const MESSAGES = {
  notAnAddress: 'Enter a valid email address.',
  taggedAddress: 'Enter your email address without a +tag.',
  notStaff: 'Use your company email address to sign in.',
  tooSoon: 'A sign-in email was sent to this address less than a minute ago. Please wait a minute and try again.',
  mailFailed: 'The sign-in email could not be sent. Please try again later.',
  invalidSignIn: 'Invalid sign in',
  otherBrowser: 'This sign-in link was requested in another browser.',
  tooMany: 'Too many sign-in attempts from your network. Please try again later.',
} as const;
