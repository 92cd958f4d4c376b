import type { SecurityPolicy } from '@portal/contracts';
import { ShieldIcon } from '../../../shared/components/icons';
import { PageHeader } from '../../../shared/components/page-header';
import { LocalLink } from '../../../shared/i18n/local-link';
import { makerName } from '../../../shared/maker-name';
import { DESTINATIONS } from '../../../shared/navigation/navigation';
import { placeName } from '../../../shared/navigation/place-name';
import { FailureAlert } from '../../../shared/outcome/failure-alert';
import { outcomeOf, type Outcome } from '../../../shared/outcome/outcome';
import { pageMeta } from '../../../shared/page-meta';
import page from '../../../styles/page.module.css';
import { getSecurityPolicy } from '../api/get-security-policy';
import { failureInPageLanguage } from '../shared/failure-in-page-language';
import type { Route } from './+types/policy-page';
import * as m from './policy.messages';

export const meta = () => pageMeta(placeName(DESTINATIONS.securityPolicy), m.policyDescription);

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
  return (
    <>
      <PageHeader title={placeName(DESTINATIONS.securityPolicy)} icon={ShieldIcon}>
        {m.policyLead({ maker: makerName() })}
      </PageHeader>
      <section className={page.section} aria-labelledby="how-to-report">
        <h2 id="how-to-report">{m.howToReport}</h2>
        {outcome === undefined ? (
          <p role="status">{m.loadingContact}</p>
        ) : outcome.kind !== 'ok' ? (
          <FailureAlert failure={failureInPageLanguage(outcome)} />
        ) : (
          <p>
            {m.writeTo({
              address: contactText(outcome.data.contact),
              contact: (chunks, key) => (
                <a key={key} href={outcome.data.contact} rel="noopener" translate="no">
                  {chunks}
                </a>
              ),
            })}
          </p>
        )}
      </section>
      <section className={page.section} aria-labelledby="what-happens-next">
        <h2 id="what-happens-next">{m.whatHappensNext}</h2>
        <ol>
          <li>{m.weConfirm}</li>
          <li>{m.weReproduce}</li>
          <li>{m.weFix}</li>
          <li>
            {m.wePublish({
              advisories: (chunks, key) => (
                <LocalLink key={key} to={DESTINATIONS.security.url}>
                  {chunks}
                </LocalLink>
              ),
            })}
          </li>
          <li>{m.weReport}</li>
        </ol>
      </section>
      {outcome?.kind === 'ok' && (
        <section className={page.section} aria-labelledby="for-tools">
          <h2 id="for-tools">{m.forTools}</h2>
          <p>
            {m.forToolsText({
              metadata: (chunks, key) => (
                <a key={key} href={outcome.data.providerMetadata}>
                  {chunks}
                </a>
              ),
              securityTxt: (chunks, key) => (
                <a key={key} href={outcome.data.securityTxt} translate="no">
                  {chunks}
                </a>
              ),
            })}
          </p>
        </section>
      )}
    </>
  );
}
