import { SIGN_IN_LINK_MINUTES, SIGN_IN_PATHS } from '@portal/contracts';
import type { Mail } from '../../plugins/mailer';
import { escapeHtml } from '../../shared/html';

/** The link in the mail: always on PUBLIC_URL, never on the Host a request named. */
export function signInLinkUrl(publicUrl: URL, token: string, redirectPath: string): URL {
  const url = new URL(SIGN_IN_PATHS.landing, publicUrl);
  url.searchParams.set('bearer', token);
  url.searchParams.set('redirect', redirectPath);
  return url;
}

export function signInMail({ to, link, siteName }: { to: string; link: URL; siteName: string }): Mail {
  const href = link.toString();
  const text = [
    'Hello,',
    '',
    `use this link to sign in to ${siteName} as ${to}:`,
    '',
    href,
    '',
    `The link works once and for ${SIGN_IN_LINK_MINUTES} minutes; only the newest link we sent you works.`,
    'If you did not ask to sign in, ignore this email: nobody can sign in without the link.',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><body>
<p>Hello,</p>
<p>use this link to sign in to ${escapeHtml(siteName)} as ${escapeHtml(to)}:</p>
<p><a href="${escapeHtml(href)}">Sign in to ${escapeHtml(siteName)}</a></p>
<p>The link works once and for ${SIGN_IN_LINK_MINUTES} minutes; only the newest link we sent you works.
If you did not ask to sign in, ignore this email: nobody can sign in without the link.</p>
</body></html>`;
  return { to, subject: `Sign in to ${siteName}`, text, html };
}
