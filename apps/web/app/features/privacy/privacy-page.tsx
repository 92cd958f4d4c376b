import { API_TOKEN_KEPT_AFTER_EXPIRY_DAYS } from '@portal/contracts';
import { ContactMaker } from '../../shared/components/contact-maker';
import { useIdentityProvider } from '../../shared/identity/identity-provider';
import { makerName } from '../../shared/maker-name';
import { DESTINATIONS } from '../../shared/navigation/navigation';
import { pageMeta } from '../../shared/page-meta';
import { downloadRecordsRetentionDays, draftExpiryDays, telemetryRetentionDays } from '../../shared/retention';
import page from '../../styles/page.module.css';

export const meta = () =>
  pageMeta(DESTINATIONS.privacy.title, 'What this site collects about you, why, and what it does with it.');

/**
 * The privacy policy: the eight sections the replaced portal's page had, each saying what
 * the server really keeps; the retention periods are the running configuration's
 * (shared/retention.ts), the contacts SUPPORT_URL and SUPPORT_EMAIL.
 */
export default function PrivacyPage() {
  const maker = makerName();
  const identityProvider = useIdentityProvider();
  return (
    <>
      <h1>{DESTINATIONS.privacy.title}</h1>
      <p className={page.lead}>
        This policy explains what the {maker} software site collects about you, how it gets it and what it does with it.
        Most of the site needs nothing from you at all.
      </p>

      <section className={page.section} aria-labelledby="information-we-collect">
        <h2 id="information-we-collect">Information we collect</h2>
        <p>We keep five kinds of information that can concern a person:</p>
        <ul>
          <li>
            <strong>Staff e-mail addresses.</strong> The e-mail addresses of company employees and service staff who
            sign in to the service area.
          </li>
          <li>
            <strong>What staff do in the service area.</strong> With a staff member&apos;s e-mail address we record when
            they sign in, the roles they hold, who invited them and the registrations they manage; the publishing drafts
            they create or change and the files they upload into them; and every change they make to the catalogue,
            including each file they withdraw or restore and the reason they give. An audit log records those changes
            too, and each service key they generate, each Administrator password reset response key they send or try to
            send, each change they make or try to make to a registration&apos;s authorized administrators, each feed
            address they reissue, each security advisory they publish or revise, each API token they create or revoke
            and each change to people and their roles, with the date and time and the network prefix of the address the
            request came from. For each API token a publisher creates for a build pipeline we keep its name, who created
            it, when, when it expires, and the time and network prefix of the address of its last use (never the token
            itself, only a keyed fingerprint of it).
          </li>
          <li>
            <strong>Names in security advisories.</strong> When someone reports a vulnerability and agrees to be
            thanked, the published security advisory names them (and their organisation, if they wish) in its
            acknowledgments. The advisory is public and kept, with every revision, for as long as the advisory is
            published; ask our security contact to remove your name from a new revision.
          </li>
          <li>
            <strong>Authorized administrators&apos; e-mail addresses.</strong> For a Cornerstone registration that
            requires authorized administrators, the e-mail addresses of your laboratory&apos;s administrators who may
            receive an Administrator password reset.
          </li>
          <li>
            <strong>Download records.</strong> For every file downloaded from this site: which file, the date and time
            (UTC), the number of bytes sent, the network prefix of the address it was sent to (the first three numbers
            of an IPv4 address, the first three groups of an IPv6 address; never the full address) and, when the
            download followed a lookup with a registration ID or key ID, a keyed digest of that ID (a fingerprint only
            our server can make; never the ID itself).
          </li>
        </ul>
        <p>
          Registration IDs and key IDs that you enter to find downloads identify a software licence, not a person. They
          are used to answer your request and are not stored as you typed them. Apart from the names in security
          advisories, we do not collect your name or any other personal information.
        </p>
      </section>

      <section className={page.section} aria-labelledby="how-we-get-it">
        <h2 id="how-we-get-it">How we get it</h2>
        <p>
          You give us your company e-mail address when you ask to sign in. Signing in is passwordless: we e-mail you a
          link, and following that link signs you in. The link works once and expires after 15 minutes.
        </p>
        {identityProvider && (
          <p data-testid="identity-provider-privacy">
            {identityProvider.only ? 'Staff sign in' : 'Staff may also sign in'} with their {identityProvider.name}{' '}
            company account, through the company&apos;s own sign-in service. It tells us the e-mail address of the
            account, whether that address is verified and the names of the account&apos;s groups. We keep only the
            e-mail address, the time of the sign-in and the roles the groups give in the service area; we do not keep
            the groups, your name or anything the sign-in service hands us to prove who you are. A sign-in this way
            lasts a few hours; then the site asks the sign-in service again, so an account the company has closed can no
            longer sign in.
          </p>
        )}
        <p>
          Authorized administrators&apos; addresses come with your registration, or are entered by our service staff
          when your laboratory asks for a change. Download records are written by our server as it sends each file, and
          the record of what staff do in the service area as they do it.
        </p>
      </section>

      <section className={page.section} aria-labelledby="what-we-do-with-it">
        <h2 id="what-we-do-with-it">What we do with it</h2>
        <p>
          We use your e-mail address to send you the sign-in link, to know who is signed in to the service area and what
          they may do there, and to record who did what there. We do not use it for marketing and we do not sell it.
        </p>
        <p>
          Staff with the administrator role see the People list (each staff member&apos;s roles, who invited them and
          when they last signed in) and the audit log. Staff with the publisher role see who made each draft and each
          change in the catalogue&apos;s history, and who withdrew or restored a file and why. Every signed-in staff
          member sees the administrators&apos; addresses, to know whom to ask for a role.
        </p>
        <p>
          The audit log and the catalogue&apos;s history are the service area&apos;s permanent record: we never delete
          them, and the audit log is chained so that a removed entry would show. The records of each sign-in are kept
          too. A staff member stays on the People list until an administrator removes them. A draft and the files
          uploaded into it are deleted <span data-testid="draft-expiry-days">{draftExpiryDays()}</span> days after the
          draft&apos;s last change, whether it was published or not. An API token&apos;s record (its name, creator and
          last use) is deleted when the token is revoked, or {API_TOKEN_KEPT_AFTER_EXPIRY_DAYS} days after it expires;
          the audit log keeps its creation, its revocation and each catalogue change made with it, by the token&apos;s
          name.
        </p>
        <p>
          We use authorized administrators&apos; addresses only to send them the response key of an Administrator
          password reset. Only staff with the service role can see them. They are kept while the registration needs
          them.
        </p>
        <p>
          We use download records to count how often each product and version is downloaded. Only staff with the
          administrator role see them, as figures on the Usage screen. We keep each download record for{' '}
          <span data-testid="download-records-retention-days">{downloadRecordsRetentionDays()}</span> days, and the
          anonymous usage records described under Analytics for{' '}
          <span data-testid="telemetry-retention-days">{telemetryRetentionDays()}</span> days; then our server deletes
          them.
        </p>
        <h3 id="removal">Having your information removed</h3>
        <p>
          To have an authorized administrator&apos;s address or the download records of your registration ID or key ID
          removed, <ContactMaker /> Tell us the address or the ID. We remove them and keep only a record that a removal
          was made, with a fingerprint of the request, never the address or the ID. A staff member&apos;s address is not
          removed from the audit log or the catalogue&apos;s history.
        </p>
      </section>

      <section className={page.section} aria-labelledby="third-parties">
        <h2 id="third-parties">Third parties</h2>
        <p>
          We use a third-party e-mail sending service to deliver the sign-in e-mail and the e-mail that carries an
          Administrator password reset&apos;s response key. It receives the recipient&apos;s e-mail address and the
          message, only to deliver it. We share your information with no one else.
        </p>
      </section>

      <section className={page.section} aria-labelledby="cookies">
        <h2 id="cookies">Cookies</h2>
        <p>This site uses no cookies.</p>
      </section>

      <section className={page.section} aria-labelledby="local-storage">
        <h2 id="local-storage">Local storage</h2>
        <p>
          While you are signed in, your browser keeps your sign-in, which includes your e-mail address, in its local
          storage on your computer. It stays there until you sign out or the sign-in expires, at most three months
          later. Signing out removes it.
        </p>
        <p>
          After a registration ID or key ID you entered has been accepted, this browser tab keeps it in its session
          storage, so that the other lookups offer it without retyping. It is forgotten when you close the tab or choose
          Forget this ID, is not shared with other tabs, and is sent nowhere it was not already going.
        </p>
        <p>
          When our server cannot be reached, the anonymous usage records described under Analytics wait in local
          storage, at most 2,000 of them, and are sent on your next visit. They hold nothing about you.
        </p>
      </section>

      <section className={page.section} aria-labelledby="analytics">
        <h2 id="analytics">Analytics</h2>
        <p>
          We count how the site is used so we can improve it. These analytics are anonymous: each page load gets a new,
          random session that is not linked to you, to your earlier visits or to your e-mail address.
        </p>
        <p>
          When something goes wrong that we did not plan for, the error is recorded so that we can fix it. The record
          describes the error and the page, not you.
        </p>
      </section>

      <section className={page.section} aria-labelledby="young-people">
        <h2 id="young-people">Young people</h2>
        <p>
          This site is meant for laboratories and their staff. We do not knowingly process any information about
          children or anyone under the age of 18.
        </p>
      </section>
    </>
  );
}
