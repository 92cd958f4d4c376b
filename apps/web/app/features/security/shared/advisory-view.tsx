import {
  REMEDIATION_KIND_TITLES,
  VEX_JUSTIFICATION_TITLES,
  type AdvisoryDetail,
  type AdvisoryRelease,
} from '@portal/contracts';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/format';
import styles from './advisory.module.css';
import { releaseLookupHref } from './release-lookup';
import { SeverityBadge } from './severity-badge';

/**
 * One advisory as the public reads it, on its own page and in the draft screen's preview:
 * the facts, each vulnerability with its score, affected and fixed releases and remediations,
 * the not-affected statements, the acknowledgments and the whole revision history. Every
 * text is shown as text (React escapes it): HTML typed into a draft stays words.
 */
export function AdvisoryView({ advisory, headingLevel = 2 }: { advisory: AdvisoryDetail; headingLevel?: 2 | 4 }) {
  const H = `h${headingLevel}` as 'h2' | 'h4';
  const Sub = `h${headingLevel + 1}` as 'h3' | 'h5';
  return (
    <div className={styles.advisory}>
      <dl className={styles.facts}>
        <div>
          <dt>ID</dt>
          <dd>{advisory.advisoryId}</dd>
        </div>
        <div>
          <dt>Severity</dt>
          <dd>
            {advisory.kind === 'vex' ? (
              'Not affected (VEX)'
            ) : (
              <SeverityBadge severity={advisory.severity} baseScore={advisory.baseScore} />
            )}
          </dd>
        </div>
        <div>
          <dt>Products</dt>
          <dd>{advisory.products.join(', ')}</dd>
        </div>
        {advisory.cves.length > 0 && (
          <div>
            <dt>CVE</dt>
            <dd>{advisory.cves.join(', ')}</dd>
          </div>
        )}
        <div>
          <dt>First published</dt>
          <dd>
            <time dateTime={advisory.initialReleaseDate}>{formatDate(advisory.initialReleaseDate)}</time>
          </dd>
        </div>
        <div>
          <dt>Last revised</dt>
          <dd>
            <time dateTime={advisory.currentReleaseDate}>{formatDate(advisory.currentReleaseDate)}</time> (revision{' '}
            {advisory.version})
          </dd>
        </div>
      </dl>
      <H>Summary</H>
      <p className={styles.text}>{advisory.summary}</p>
      {advisory.vulnerabilities.map((vulnerability, index) => (
        <section
          key={index}
          className={styles.vulnerability}
          aria-label={vulnerability.cve ?? `Vulnerability ${index + 1}`}
        >
          <H>{[vulnerability.cve, vulnerability.title].filter(Boolean).join(': ') || `Vulnerability ${index + 1}`}</H>
          <dl className={styles.facts}>
            <div>
              <dt>Severity</dt>
              <dd>
                <SeverityBadge severity={vulnerability.severity} baseScore={vulnerability.baseScore} />
              </dd>
            </div>
            {vulnerability.cvssVector && (
              <div>
                <dt>CVSS v3.1</dt>
                <dd>
                  <code className={styles.vector}>{vulnerability.cvssVector}</code>
                </dd>
              </div>
            )}
            {vulnerability.cwe && (
              <div>
                <dt>Weakness</dt>
                <dd>
                  {vulnerability.cwe.id}: {vulnerability.cwe.name}
                </dd>
              </div>
            )}
          </dl>
          <p className={styles.text}>{vulnerability.description}</p>
          <Sub>Affected</Sub>
          <Releases releases={vulnerability.affected} none="No affected release is named." />
          <Sub>Fixed in</Sub>
          <Releases releases={vulnerability.fixed} none="No fixed release is published yet." />
          {vulnerability.remediations.length > 0 && (
            <>
              <Sub>What to do</Sub>
              <ul>
                {vulnerability.remediations.map((remediation, remediationIndex) => (
                  <li key={remediationIndex}>
                    <strong>{REMEDIATION_KIND_TITLES[remediation.kind]}:</strong>{' '}
                    <span className={styles.text}>{remediation.text}</span>
                    {remediation.updateTo && <UpdateLink release={remediation.updateTo} />}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      ))}
      {advisory.notAffected.length > 0 && (
        <section aria-label="Not affected">
          <H>Not affected</H>
          {advisory.notAffected.map((statement, index) => (
            <div key={index} className={styles.vulnerability}>
              <Sub>{statement.cve}</Sub>
              <Releases releases={statement.products} none="" />
              <p>
                <strong>Justification:</strong> {VEX_JUSTIFICATION_TITLES[statement.justification]}.
              </p>
              {statement.impactStatement && <p className={styles.text}>{statement.impactStatement}</p>}
            </div>
          ))}
        </section>
      )}
      {advisory.acknowledgments.length > 0 && (
        <section aria-label="Acknowledgments">
          <H>Acknowledgments</H>
          <ul>
            {advisory.acknowledgments.map((acknowledgment, index) => (
              <li key={index}>
                {[acknowledgment.names.join(', '), acknowledgment.organization].filter(Boolean).join(', ')}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-label="Revision history">
        <H>Revision history</H>
        <table className={styles.history}>
          <thead>
            <tr>
              <th scope="col">Revision</th>
              <th scope="col">Date</th>
              <th scope="col">Summary</th>
            </tr>
          </thead>
          <tbody>
            {advisory.revisionHistory.map((revision) => (
              <tr key={revision.number}>
                <th scope="row">{revision.number}</th>
                <td>
                  <time dateTime={revision.date}>{formatDate(revision.date)}</time>
                </td>
                <td className={styles.text}>{revision.summary}</td>
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
    <ul className={styles.releases}>
      {releases.map((release) => (
        <li key={release.key}>{release.label}</li>
      ))}
    </ul>
  );
}

function UpdateLink({ release }: { release: AdvisoryRelease }) {
  const lookup = releaseLookupHref(release.key);
  return <> {lookup ? <Link to={lookup}>Get {release.label}</Link> : <span>{release.label}</span>}</>;
}
