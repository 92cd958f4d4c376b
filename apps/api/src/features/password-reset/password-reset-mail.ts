import type { Mail } from '../../plugins/mailer';
import { escapeHtml } from '../../shared/html';

/** A registration ID is a credential: mail shows only its last four characters. */
export function maskedRegistrationId(registrationId: string): string {
  return `ending in ${registrationId.trim().toUpperCase().slice(-4)}`;
}

function mail(to: string, subject: string, paragraphs: string[]): Mail {
  return {
    to,
    subject,
    text: ['Hello,', '', ...paragraphs.flatMap((paragraph) => [paragraph, ''])].join('\n').trimEnd(),
    html: `<!doctype html>\n<html lang="en"><body>\n<p>Hello,</p>\n${paragraphs
      .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
      .join('\n')}\n</body></html>`,
  };
}

export function responseKeyMail(input: {
  to: string;
  siteName: string;
  registrationId: string;
  family: string | null;
  challengeKey: string;
  responseKey: string;
  requestedBy: string;
}): Mail {
  const registration = `${input.family ? `${input.family} ` : ''}registration ${maskedRegistrationId(input.registrationId)}`;
  return mail(input.to, `Administrator password reset response key (${input.siteName})`, [
    `${input.requestedBy} asked for the response key that resets the Administrator password of Cornerstone for ${registration}. You receive it as one of its authorized admins.`,
    `Challenge key: ${input.challengeKey}`,
    `Response key: ${input.responseKey}`,
    'Enter the response key where Cornerstone shows the challenge key. If nobody at your site asked for a password reset, tell the service team.',
  ]);
}

export function removedAdminMail(input: {
  to: string;
  siteName: string;
  registrationId: string;
  changedBy: string;
}): Mail {
  return mail(input.to, `You are no longer an authorized admin (${input.siteName})`, [
    `${input.changedBy} removed your address from the authorized admins of Cornerstone registration ${maskedRegistrationId(input.registrationId)}.`,
    'Response keys for Administrator password resets of that registration will no longer be sent to you. If this is a mistake, contact the service team.',
  ]);
}
