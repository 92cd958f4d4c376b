import { API_TOKEN_KEPT_AFTER_EXPIRY_DAYS } from '@portal/contracts';
import type { ReactNode } from 'react';
import { ContactMaker } from '../../shared/components/contact-maker';
import { useIdentityProvider } from '../../shared/identity/identity-provider';
import { makerName } from '../../shared/maker-name';
import { DESTINATIONS } from '../../shared/navigation/navigation';
import { placeName } from '../../shared/navigation/place-name';
import { pageMeta } from '../../shared/page-meta';
import { downloadRecordsRetentionDays, draftExpiryDays, telemetryRetentionDays } from '../../shared/retention';
import page from '../../styles/page.module.css';
import * as m from './privacy.messages';

export const meta = () => pageMeta(placeName(DESTINATIONS.privacy), m.description);

/** The name of each kind of information, in bold. */
const bold = (chunks: ReactNode[], key: number) => <strong key={key}>{chunks}</strong>;
/** A period the server keeps something for, marked for the tests that read the configured figure. */
const period = (testId: string) => (chunks: ReactNode[], key: number) => (
  <span key={key} data-testid={testId}>
    {chunks}
  </span>
);

/**
 * The privacy policy: the eight sections the replaced portal's page had, each saying what
 * the server really keeps; the retention periods are the running configuration's
 * (shared/retention.ts), the contacts SUPPORT_URL and SUPPORT_EMAIL.
 */
export default function PrivacyPage() {
  const identityProvider = useIdentityProvider();
  return (
    <>
      <h1>{placeName(DESTINATIONS.privacy)}</h1>
      <p className={page.lead}>{m.lead({ maker: makerName() })}</p>

      <section className={page.section} aria-labelledby="information-we-collect">
        <h2 id="information-we-collect">{m.informationWeCollect}</h2>
        <p>{m.fiveKinds}</p>
        <ul>
          <li>{m.staffAddresses({ b: bold })}</li>
          <li>{m.staffActs({ b: bold })}</li>
          <li>{m.advisoryNames({ b: bold })}</li>
          <li>{m.administratorAddresses({ b: bold })}</li>
          <li>{m.downloadRecords({ b: bold })}</li>
        </ul>
        <p>{m.idsAreNotPeople}</p>
      </section>

      <section className={page.section} aria-labelledby="how-we-get-it">
        <h2 id="how-we-get-it">{m.howWeGetIt}</h2>
        <p>{m.signInByLink}</p>
        {identityProvider && (
          <p data-testid="identity-provider-privacy">
            {m.identityProvider({ only: identityProvider.only ? 'yes' : 'no', provider: identityProvider.name })}
          </p>
        )}
        <p>{m.whereRecordsComeFrom}</p>
      </section>

      <section className={page.section} aria-labelledby="what-we-do-with-it">
        <h2 id="what-we-do-with-it">{m.whatWeDoWithIt}</h2>
        <p>{m.emailUse}</p>
        <p>{m.whoSeesStaffRecords}</p>
        <p>
          {m.permanentRecord({
            draftDays: draftExpiryDays(),
            tokenDays: API_TOKEN_KEPT_AFTER_EXPIRY_DAYS,
            days: period('draft-expiry-days'),
          })}
        </p>
        <p>{m.administratorAddressesUse}</p>
        <p>
          {m.downloadRecordsUse({
            downloadDays: downloadRecordsRetentionDays(),
            usageDays: telemetryRetentionDays(),
            downloads: period('download-records-retention-days'),
            usage: period('telemetry-retention-days'),
          })}
        </p>
        <h3 id="removal">{m.havingItRemoved}</h3>
        <p>{m.removal({ contact: (_, key) => <ContactMaker key={key} /> })}</p>
      </section>

      <section className={page.section} aria-labelledby="third-parties">
        <h2 id="third-parties">{m.thirdParties}</h2>
        <p>{m.emailService}</p>
      </section>

      <section className={page.section} aria-labelledby="cookies">
        <h2 id="cookies">{m.cookies}</h2>
        <p>{m.noCookies}</p>
      </section>

      <section className={page.section} aria-labelledby="local-storage">
        <h2 id="local-storage">{m.localStorage}</h2>
        <p>{m.keptSignIn}</p>
        <p>{m.rememberedId}</p>
        <p>{m.waitingUsageRecords}</p>
      </section>

      <section className={page.section} aria-labelledby="analytics">
        <h2 id="analytics">{m.analytics}</h2>
        <p>{m.anonymousAnalytics}</p>
        <p>{m.errorRecords}</p>
      </section>

      <section className={page.section} aria-labelledby="young-people">
        <h2 id="young-people">{m.youngPeople}</h2>
        <p>{m.notForChildren}</p>
      </section>
    </>
  );
}
