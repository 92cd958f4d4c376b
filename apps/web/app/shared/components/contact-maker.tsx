import { makerName } from '../maker-name';
import { useSupportContact } from '../support-contact';
import { ExternalLink } from './external-link';

/**
 * "Contact {maker} on the support page or by e-mail at …." in running text: SUPPORT_URL and
 * SUPPORT_EMAIL where they are set. `unset` is what is said when neither is.
 */
export function ContactMaker({ capital = false, unset }: { capital?: boolean; unset?: string }) {
  const { url, email } = useSupportContact();
  const maker = makerName();
  const verb = capital ? 'Contact' : 'contact';
  if (!url && !email) return <>{unset ?? `${verb} ${maker}.`}</>;
  return (
    <>
      {verb} {maker}
      {url && (
        <>
          {' '}
          on the <ExternalLink href={url}>support page</ExternalLink>
        </>
      )}
      {url && email && ' or'}
      {email && (
        <>
          {' '}
          by e-mail at <a href={`mailto:${email}`}>{email}</a>
        </>
      )}
      .
    </>
  );
}
