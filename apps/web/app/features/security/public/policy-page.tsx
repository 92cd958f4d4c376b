import type { SecurityPolicy } from '@portal/contracts';
import { Link } from 'react-router';
import { ShieldIcon } from '../../../shared/components/icons';
import { PageHeader } from '../../../shared/components/page-header';
import { makerName } from '../../../shared/maker-name';
import { DESTINATIONS } from '../../../shared/navigation/navigation';
import { FailureAlert } from '../../../shared/outcome/failure-alert';
import { outcomeOf, type Outcome } from '../../../shared/outcome/outcome';
import { pageMeta } from '../../../shared/page-meta';
import page from '../../../styles/page.module.css';
import { getSecurityPolicy } from '../api/get-security-policy';
import type { Route } from './+types/policy-page';

export const meta = () =>
  pageMeta(
    DESTINATIONS.securityPolicy.title,
    'How to report a vulnerability in our software or firmware, and what happens next.',
  );

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const outcome: Outcome<SecurityPolicy> = await outcomeOf(() => getSecurityPolicy(request.signal), {
    signal: request.signal,
  });
  return { outcome };
}
// The policy is prerendered; the contact, the portal's configuration, is read when the page opens.
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PolicyView />;
}

export default function PolicyPage({ loaderData }: Route.ComponentProps) {
  return <PolicyView outcome={loaderData.outcome} />;
}

/** How a contact reads: an e-mail address without its `mailto:`, a web address as it is. */
function contactText(contact: string): string {
  return contact.replace(/^mailto:/i, '');
}

function PolicyView({ outcome }: { outcome?: Outcome<SecurityPolicy> }) {
  const maker = makerName();
  return (
    <>
      <PageHeader title={DESTINATIONS.securityPolicy.title} icon={ShieldIcon}>
        If you found a vulnerability in {maker} software or firmware, tell us: we look at every report, and we publish
        what we find.
      </PageHeader>
      <section className={page.section} aria-labelledby="how-to-report">
        <h2 id="how-to-report">How to report</h2>
        {outcome === undefined ? (
          <p role="status">Loading the contact…</p>
        ) : outcome.kind !== 'ok' ? (
          <FailureAlert failure={outcome} />
        ) : (
          <p>
            Write to{' '}
            <a href={outcome.data.contact} rel="noopener">
              {contactText(outcome.data.contact)}
            </a>
            . Say which product and version you used, what you did, what happened, and how we can reach you. Please do
            not include customer data, and give us time to fix the problem before you tell anyone else.
          </p>
        )}
      </section>
      <section className={page.section} aria-labelledby="what-happens-next">
        <h2 id="what-happens-next">What happens next</h2>
        <ol>
          <li>We confirm that we received your report, normally within three working days.</li>
          <li>We reproduce the problem and assess which versions it affects and how severe it is (CVSS v3.1).</li>
          <li>We fix it and tell you when a fixed version is coming; we may ask you to check the fix.</li>
          <li>
            We publish a security advisory: on <Link to={DESTINATIONS.security.url}>the security advisories page</Link>,
            as a signed CSAF 2.0 document, and in the lookups where customers download each affected version. With your
            agreement, we name you in its acknowledgments.
          </li>
          <li>
            An actively exploited vulnerability is reported to the authorities as the EU Cyber Resilience Act requires.
          </li>
        </ol>
      </section>
      {outcome?.kind === 'ok' && (
        <section className={page.section} aria-labelledby="for-tools">
          <h2 id="for-tools">For tools</h2>
          <p>
            This site is a CSAF 2.0 trusted provider: tools find every advisory from its{' '}
            <a href={outcome.data.providerMetadata}>provider metadata</a>, and the contact from its{' '}
            <a href={outcome.data.securityTxt}>security.txt</a> (RFC 9116).
          </p>
        </section>
      )}
    </>
  );
}
