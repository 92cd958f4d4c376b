import type { ReactNode } from 'react';
import { makerName } from '../maker-name';
import { useSupportContact } from '../support-contact';
import * as m from './components.messages';
import { ExternalLink } from './external-link';

/**
 * "Contact {maker} on the support page or by e-mail at …." in running text: SUPPORT_URL and
 * SUPPORT_EMAIL where they are set. `unset` is what is said when neither is.
 */
export function ContactMaker({ capital = false, unset }: { capital?: boolean; unset?: string }) {
  const { url, email } = useSupportContact();
  const maker = makerName();
  const values = {
    capital: capital ? 'yes' : 'no',
    maker,
    email: email ?? '',
    link: (chunks: ReactNode[], key: number) => (
      <ExternalLink key={key} href={url!}>
        {chunks}
      </ExternalLink>
    ),
    mail: (chunks: ReactNode[], key: number) => (
      <a key={key} href={`mailto:${email}`} translate="no">
        {chunks}
      </a>
    ),
  };
  if (!url && !email) return <>{unset ?? m.contactMaker(values)}</>;
  return (
    <>
      {url && email
        ? m.contactOnSupportPageOrByEmail(values)
        : url
          ? m.contactOnSupportPage(values)
          : m.contactByEmail(values)}
    </>
  );
}
