import type { AdvisoryDetail, AdvisoryRelease, RemediationKind, VexJustification } from '@portal/contracts';
import { LocalLink } from '../../../shared/i18n/local-link';
import { englishMark } from '../../../shared/i18n/page-language';
import { formatDate } from '../../../shared/format';
import * as m from './advisory-view.messages';
import styles from './advisory.module.css';
import { releaseLookupHref } from './release-lookup';
import { SeverityBadge } from './severity-badge';

/** A remediation's kind in the page's language (CSAF's `category`). */
const remediationKind = (kind: RemediationKind): string =>
  ({ vendor_fix: m.remediationUpdate, workaround: m.remediationWorkaround, mitigation: m.remediationMitigation })[kind];

/** Why a product is not affected, in the page's language (CSAF's VEX justifications). */
const justificationText = (justification: VexJustification): string =>
  ({
    component_not_present: m.componentNotPresent,
    vulnerable_code_not_present: m.codeNotPresent,
    vulnerable_code_cannot_be_controlled_by_adversary: m.codeNotControllable,
    vulnerable_code_not_in_execute_path: m.codeNotInExecutePath,
    inline_mitigations_already_exist: m.mitigationsExist,
  })[justification];

/**
 * One advisory as the public reads it, on its own page and in the draft screen's preview:
 * the facts, each vulnerability with its score, affected and fixed releases and remediations,
 * the not-affected statements, the acknowledgments and the whole revision history. Every
 * text is shown as text (React escapes it): HTML typed into a draft stays words. The frame is
 * in the page's language; what staff wrote stays as written, marked English on a page in
 * another language; names and IDs are never translated.
 */
export function AdvisoryView({ advisory, headingLevel = 2 }: { advisory: AdvisoryDetail; headingLevel?: 2 | 4 }) {
  const H = `h${headingLevel}` as 'h2' | 'h4';
  const Sub = `h${headingLevel + 1}` as 'h3' | 'h5';
  // What staff wrote stays as written: English, marked so on a page in another language.
  const staff = englishMark();
  return (
    <div className={styles.advisory}>
      <dl className={styles.facts}>
        <div>
          <dt>{m.id}</dt>
          <dd translate="no">{advisory.advisoryId}</dd>
        </div>
        <div>
          <dt>{m.severity}</dt>
          <dd>
            {advisory.kind === 'vex' ? (
              m.notAffectedVex
            ) : (
              <SeverityBadge severity={advisory.severity} baseScore={advisory.baseScore} />
            )}
          </dd>
        </div>
        <div>
          <dt>{m.products}</dt>
          <dd translate="no">{advisory.products.join(', ')}</dd>
        </div>
        {advisory.cves.length > 0 && (
          <div>
            <dt>{m.cve}</dt>
            <dd translate="no">{advisory.cves.join(', ')}</dd>
          </div>
        )}
        <div>
          <dt>{m.firstPublished}</dt>
          <dd>
            <time dateTime={advisory.initialReleaseDate}>{formatDate(advisory.initialReleaseDate)}</time>
          </dd>
        </div>
        <div>
          <dt>{m.lastRevised}</dt>
          <dd>
            {m.revisionNumber({
              day: formatDate(advisory.currentReleaseDate),
              version: advisory.version,
              date: (chunks, key) => (
                <time key={key} dateTime={advisory.currentReleaseDate}>
                  {chunks}
                </time>
              ),
            })}
          </dd>
        </div>
      </dl>
      <H>{m.summary}</H>
      <p className={styles.text} lang={staff}>
        {advisory.summary}
      </p>
      {advisory.vulnerabilities.map((vulnerability, index) => (
        <section
          key={index}
          className={styles.vulnerability}
          aria-label={vulnerability.cve ?? m.vulnerabilityNumber({ number: index + 1 })}
        >
          <H>
            {vulnerability.cve && <span translate="no">{vulnerability.cve}</span>}
            {vulnerability.cve && vulnerability.title && ': '}
            {vulnerability.title && <span lang={staff}>{vulnerability.title}</span>}
            {!vulnerability.cve && !vulnerability.title && m.vulnerabilityNumber({ number: index + 1 })}
          </H>
          <dl className={styles.facts}>
            <div>
              <dt>{m.severity}</dt>
              <dd>
                <SeverityBadge severity={vulnerability.severity} baseScore={vulnerability.baseScore} />
              </dd>
            </div>
            {vulnerability.cvssVector && (
              <div>
                <dt translate="no">CVSS v3.1</dt>
                <dd>
                  <code className={styles.vector}>{vulnerability.cvssVector}</code>
                </dd>
              </div>
            )}
            {vulnerability.cwe && (
              <div>
                <dt>{m.weakness}</dt>
                <dd>
                  <span translate="no">{vulnerability.cwe.id}</span>: <span lang={staff}>{vulnerability.cwe.name}</span>
                </dd>
              </div>
            )}
          </dl>
          <p className={styles.text} lang={staff}>
            {vulnerability.description}
          </p>
          <Sub>{m.affected}</Sub>
          <Releases releases={vulnerability.affected} none={m.noAffectedRelease} />
          <Sub>{m.fixedIn}</Sub>
          <Releases releases={vulnerability.fixed} none={m.noFixedRelease} />
          {vulnerability.remediations.length > 0 && (
            <>
              <Sub>{m.whatToDo}</Sub>
              <ul>
                {vulnerability.remediations.map((remediation, remediationIndex) => (
                  <li key={remediationIndex}>
                    <strong>{remediationKind(remediation.kind)}</strong>{' '}
                    <span className={styles.text} lang={staff}>
                      {remediation.text}
                    </span>
                    {remediation.updateTo && <UpdateLink release={remediation.updateTo} />}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      ))}
      {advisory.notAffected.length > 0 && (
        <section aria-label={m.notAffected}>
          <H>{m.notAffected}</H>
          {advisory.notAffected.map((statement, index) => (
            <div key={index} className={styles.vulnerability}>
              <Sub translate="no">{statement.cve}</Sub>
              <Releases releases={statement.products} none="" />
              <p>
                {m.justification({
                  reason: justificationText(statement.justification),
                  b: (chunks, key) => <strong key={key}>{chunks}</strong>,
                })}
              </p>
              {statement.impactStatement && (
                <p className={styles.text} lang={staff}>
                  {statement.impactStatement}
                </p>
              )}
            </div>
          ))}
        </section>
      )}
      {advisory.acknowledgments.length > 0 && (
        <section aria-label={m.acknowledgments}>
          <H>{m.acknowledgments}</H>
          <ul>
            {advisory.acknowledgments.map((acknowledgment, index) => (
              <li key={index} translate="no">
                {[acknowledgment.names.join(', '), acknowledgment.organization].filter(Boolean).join(', ')}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-label={m.revisionHistory}>
        <H>{m.revisionHistory}</H>
        <table className={styles.history}>
          <thead>
            <tr>
              <th scope="col">{m.revision}</th>
              <th scope="col">{m.date}</th>
              <th scope="col">{m.summary}</th>
            </tr>
          </thead>
          <tbody>
            {advisory.revisionHistory.map((revision) => (
              <tr key={revision.number}>
                <th scope="row">{revision.number}</th>
                <td>
                  <time dateTime={revision.date}>{formatDate(revision.date)}</time>
                </td>
                <td className={styles.text} lang={staff}>
                  {revision.summary}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

function Releases({ releases, none }: { releases: readonly AdvisoryRelease[]; none: string }) {
  if (releases.length === 0) return none ? <p>{none}</p> : null;
  return (
    <ul className={styles.releases} translate="no">
      {releases.map((release) => (
        <li key={release.key}>{release.label}</li>
      ))}
    </ul>
  );
}

function UpdateLink({ release }: { release: AdvisoryRelease }) {
  const lookup = releaseLookupHref(release.key);
  return (
    <>
      {' '}
      {lookup ? (
        <LocalLink to={lookup}>{m.getRelease({ release: release.label })}</LocalLink>
      ) : (
        <span translate="no">{release.label}</span>
      )}
    </>
  );
}
