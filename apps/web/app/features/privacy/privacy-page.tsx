import { makerName } from '../../shared/maker-name';
import { DESTINATIONS } from '../../shared/navigation/navigation';
import { pageMeta } from '../../shared/page-meta';
import page from '../../styles/page.module.css';

export const meta = () =>
  pageMeta(DESTINATIONS.privacy.title, 'What this site collects about you, why, and what it does with it.');

/** The privacy policy (SPEC §2, Privacy page): eight sections, every promise the portal keeps. */
export default function PrivacyPage() {
  const maker = makerName();
  return (
    <>
      <h1>{DESTINATIONS.privacy.title}</h1>
      <p className={page.lead}>
        This policy explains what the {maker} software site collects about you, how it gets it and what it does with it.
        Most of the site needs nothing from you at all.
      </p>

      <section className={page.section} aria-labelledby="information-we-collect">
        <h2 id="information-we-collect">Information we collect</h2>
        <p>
          We collect only one kind of personal information: the e-mail addresses of company employees and service staff
          who sign in to the service area. We do not collect e-mail addresses or other personal information from
          customers.
        </p>
        <p>
          Registration IDs and key IDs that you enter to find downloads identify a software licence, not a person. They
          are used to answer your request.
        </p>
      </section>

      <section className={page.section} aria-labelledby="how-we-get-it">
        <h2 id="how-we-get-it">How we get it</h2>
        <p>
          You give us your company e-mail address when you ask to sign in. Signing in is passwordless: we e-mail you a
          link, and following that link signs you in. The link works once and expires after 15 minutes.
        </p>
      </section>

      <section className={page.section} aria-labelledby="what-we-do-with-it">
        <h2 id="what-we-do-with-it">What we do with it</h2>
        <p>
          We use your e-mail address only to send you the sign-in link and to know who is signed in to the service area.
          We do not use it for marketing and we do not sell it.
        </p>
      </section>

      <section className={page.section} aria-labelledby="third-parties">
        <h2 id="third-parties">Third parties</h2>
        <p>
          We use a third-party e-mail sending service to deliver the sign-in e-mail. It receives your e-mail address and
          the message, only to deliver it. We share your information with no one else.
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
