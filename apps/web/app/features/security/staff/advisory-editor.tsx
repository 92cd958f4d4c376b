import {
  ADVISORY_SHORT_TEXT_MAX_CHARS,
  ADVISORY_TEXT_MAX_CHARS,
  ADVISORY_TITLE_MAX_CHARS,
  REMEDIATION_KINDS,
  REMEDIATION_KIND_TITLES,
  VEX_JUSTIFICATIONS,
  VEX_JUSTIFICATION_TITLES,
  type PublishedRelease,
  type RemediationKind,
  type VexJustification,
} from '@portal/contracts';
import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../shared/components/ui/button';
import { Field } from '../../../shared/components/ui/field';
import { releaseLookupHref } from '../shared/release-lookup';
import { CvssField } from './cvss-field';
import type { PlacedProblems } from './draft-problems';
import {
  emptyRemediation,
  emptyVex,
  emptyVulnerability,
  type AcknowledgmentForm,
  type DraftForm,
  type RemediationForm,
  type VexForm,
  type VulnerabilityForm,
} from './draft-form';
import { ReleasePicker, ReleaseSelect } from './release-picker';
import { groupReleases } from './release-groups';
import styles from './security-staff.module.css';

/** A list with its item at `index` replaced. */
const replaced = <T,>(list: readonly T[], index: number, item: T): T[] =>
  list.map((other, at) => (at === index ? item : other));
const without = <T,>(list: readonly T[], index: number): T[] => list.filter((_, at) => at !== index);

/**
 * Every field of an advisory or VEX draft, each with its label and, beside it, the problems
 * the server named for it (`placeProblems`). The form is the caller's state: nothing here
 * talks to the server.
 */
export function AdvisoryEditor({
  form,
  onChange,
  releases,
  problems,
}: {
  form: DraftForm;
  onChange: (form: DraftForm) => void;
  releases: readonly PublishedRelease[];
  problems: PlacedProblems;
}) {
  const groups = groupReleases(releases);
  const at = (field: string) => problems.byField.get(field) ?? [];
  const set = <K extends keyof DraftForm>(key: K, value: DraftForm[K]) => onChange({ ...form, [key]: value });
  return (
    <div className={styles.editor}>
      <Field
        label="Title"
        value={form.title}
        maxLength={ADVISORY_TITLE_MAX_CHARS}
        onChange={(event) => set('title', event.target.value)}
        error={joined(at('title'))}
      />
      <TextArea
        label="Summary"
        hint="What is affected and what a customer should do, in a few sentences. Published."
        value={form.summary}
        maxLength={ADVISORY_TEXT_MAX_CHARS}
        onChange={(event) => set('summary', event.target.value)}
        problems={at('summary')}
      />

      {form.kind === 'advisory' && (
        <section aria-labelledby="vulnerabilities-heading">
          <h2 id="vulnerabilities-heading">Vulnerabilities</h2>
          {form.vulnerabilities.map((vulnerability, index) => (
            <VulnerabilityFields
              key={index}
              index={index}
              vulnerability={vulnerability}
              groups={groups}
              releases={releases}
              at={(field) => at(`vulnerabilities.${index}.${field}`)}
              onChange={(next) => set('vulnerabilities', replaced(form.vulnerabilities, index, next))}
              onRemove={
                form.vulnerabilities.length > 1
                  ? () => set('vulnerabilities', without(form.vulnerabilities, index))
                  : undefined
              }
            />
          ))}
          <Button
            variant="secondary"
            onClick={() => set('vulnerabilities', [...form.vulnerabilities, emptyVulnerability()])}
          >
            Add a vulnerability
          </Button>
        </section>
      )}

      <section aria-labelledby="not-affected-heading">
        <h2 id="not-affected-heading">{form.kind === 'vex' ? 'Not-affected statements' : 'Not affected (optional)'}</h2>
        {form.kind === 'advisory' && form.notAffected.length === 0 && (
          <p className={styles.muted}>Releases known not to be affected by a CVE, with the reason.</p>
        )}
        {form.notAffected.map((statement, index) => (
          <VexFields
            key={index}
            index={index}
            statement={statement}
            groups={groups}
            releases={releases}
            at={(field) => at(`notAffected.${index}.${field}`)}
            onChange={(next) => set('notAffected', replaced(form.notAffected, index, next))}
            onRemove={
              form.kind === 'advisory' || form.notAffected.length > 1
                ? () => set('notAffected', without(form.notAffected, index))
                : undefined
            }
          />
        ))}
        <Button variant="secondary" onClick={() => set('notAffected', [...form.notAffected, emptyVex()])}>
          Add a not-affected statement
        </Button>
      </section>

      <section aria-labelledby="acknowledgments-heading">
        <h2 id="acknowledgments-heading">Acknowledgments</h2>
        <p className={styles.muted}>Who reported or helped, as they agreed to be named. Published.</p>
        {at('acknowledgments').length > 0 && <p className={styles.problem}>{joined(at('acknowledgments'))}</p>}
        {form.acknowledgments.map((acknowledgment, index) => (
          <AcknowledgmentFields
            key={index}
            index={index}
            acknowledgment={acknowledgment}
            onChange={(next) => set('acknowledgments', replaced(form.acknowledgments, index, next))}
            onRemove={() => set('acknowledgments', without(form.acknowledgments, index))}
          />
        ))}
        <Button
          variant="secondary"
          onClick={() => set('acknowledgments', [...form.acknowledgments, { names: '', organization: '' }])}
        >
          Add an acknowledgment
        </Button>
      </section>

      <section aria-labelledby="internal-note-heading" className={styles.internal}>
        <h2 id="internal-note-heading">Internal note</h2>
        <TextArea
          label="Internal note (never published)"
          hint="For the security team only: never in the CSAF document, a public page or a feed."
          value={form.internalNote}
          maxLength={ADVISORY_TEXT_MAX_CHARS}
          onChange={(event) => set('internalNote', event.target.value)}
          problems={at('internalNote')}
        />
      </section>
    </div>
  );
}

const joined = (messages: readonly string[]) => (messages.length > 0 ? messages.join(' ') : undefined);

function VulnerabilityFields({
  index,
  vulnerability,
  groups,
  releases,
  at,
  onChange,
  onRemove,
}: {
  index: number;
  vulnerability: VulnerabilityForm;
  groups: ReturnType<typeof groupReleases>;
  releases: readonly PublishedRelease[];
  at: (field: string) => string[];
  onChange: (next: VulnerabilityForm) => void;
  onRemove?: () => void;
}) {
  const headingId = useId();
  const set = <K extends keyof VulnerabilityForm>(key: K, value: VulnerabilityForm[K]) =>
    onChange({ ...vulnerability, [key]: value });
  const name = `Vulnerability ${index + 1}`;
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h3 id={headingId}>{name}</h3>
      <div className={styles.pair}>
        <Field
          label="CVE ID (optional)"
          value={vulnerability.cve}
          placeholder="CVE-2026-12345"
          spellCheck={false}
          onChange={(event) => set('cve', event.target.value)}
          error={joined(at('cve'))}
        />
        <Field
          label="Short name (optional)"
          value={vulnerability.title}
          maxLength={ADVISORY_TITLE_MAX_CHARS}
          onChange={(event) => set('title', event.target.value)}
          error={joined(at('title'))}
        />
      </div>
      <div className={styles.pair}>
        <Field
          label="CWE ID"
          value={vulnerability.cweId}
          placeholder="CWE-79"
          spellCheck={false}
          onChange={(event) => set('cweId', event.target.value)}
          error={joined(at('cwe'))}
        />
        <Field
          label="CWE name"
          value={vulnerability.cweName}
          maxLength={ADVISORY_SHORT_TEXT_MAX_CHARS}
          placeholder="Improper Neutralization of Input During Web Page Generation"
          onChange={(event) => set('cweName', event.target.value)}
        />
      </div>
      <TextArea
        label="Description"
        value={vulnerability.description}
        maxLength={ADVISORY_TEXT_MAX_CHARS}
        onChange={(event) => set('description', event.target.value)}
        problems={at('description')}
      />
      <CvssField
        value={vulnerability.cvssVector}
        onChange={(vector) => set('cvssVector', vector)}
        problems={at('cvssVector')}
      />
      <ReleasePicker
        legend="Affected releases"
        groups={groups}
        releases={releases}
        chosen={vulnerability.affected}
        onChange={(chosen) => set('affected', chosen)}
        problems={at('affected')}
      />
      <ReleasePicker
        legend="Fixed in"
        groups={groups}
        releases={releases}
        chosen={vulnerability.fixed}
        onChange={(chosen) => set('fixed', chosen)}
        problems={at('fixed')}
      />
      <h4>Remediations</h4>
      {at('remediations').length > 0 && <p className={styles.problem}>{joined(at('remediations'))}</p>}
      {vulnerability.remediations.map((remediation, remediationIndex) => (
        <RemediationFields
          key={remediationIndex}
          label={`Remediation ${remediationIndex + 1} of ${name.toLowerCase()}`}
          remediation={remediation}
          groups={groups}
          onChange={(next) => set('remediations', replaced(vulnerability.remediations, remediationIndex, next))}
          onRemove={() => set('remediations', without(vulnerability.remediations, remediationIndex))}
        />
      ))}
      <div className={styles.buttons}>
        <Button
          variant="secondary"
          onClick={() => set('remediations', [...vulnerability.remediations, emptyRemediation()])}
        >
          Add a remediation
        </Button>
        {onRemove && (
          <Button variant="secondary" onClick={onRemove}>
            Remove {name.toLowerCase()}
          </Button>
        )}
      </div>
    </section>
  );
}

function RemediationFields({
  label,
  remediation,
  groups,
  onChange,
  onRemove,
}: {
  label: string;
  remediation: RemediationForm;
  groups: ReturnType<typeof groupReleases>;
  onChange: (next: RemediationForm) => void;
  onRemove: () => void;
}) {
  const kindId = useId();
  const lookup =
    remediation.kind === 'vendor_fix' && remediation.updateTo ? releaseLookupHref(remediation.updateTo) : undefined;
  return (
    <fieldset className={styles.remediation}>
      <legend>{label}</legend>
      <div className={styles.field}>
        <label htmlFor={kindId} className={styles.label}>
          Kind
        </label>
        <select
          id={kindId}
          className={styles.input}
          value={remediation.kind}
          onChange={(event) => onChange({ ...remediation, kind: event.target.value as RemediationKind })}
        >
          {REMEDIATION_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {REMEDIATION_KIND_TITLES[kind]}
            </option>
          ))}
        </select>
      </div>
      <Field
        label="What to do"
        value={remediation.text}
        maxLength={ADVISORY_SHORT_TEXT_MAX_CHARS}
        placeholder={remediation.kind === 'vendor_fix' ? 'Update to Cornerstone 2.10.0 or later.' : ''}
        onChange={(event) => onChange({ ...remediation, text: event.target.value })}
      />
      {remediation.kind === 'vendor_fix' && (
        <>
          <ReleaseSelect
            label="Update to"
            groups={groups}
            value={remediation.updateTo}
            onChange={(updateTo) => onChange({ ...remediation, updateTo })}
          />
          {lookup && (
            <p className={styles.muted}>
              The advisory links to <Link to={lookup}>its lookup</Link>.
            </p>
          )}
        </>
      )}
      <Button variant="secondary" onClick={onRemove}>
        Remove {label.toLowerCase()}
      </Button>
    </fieldset>
  );
}

function VexFields({
  index,
  statement,
  groups,
  releases,
  at,
  onChange,
  onRemove,
}: {
  index: number;
  statement: VexForm;
  groups: ReturnType<typeof groupReleases>;
  releases: readonly PublishedRelease[];
  at: (field: string) => string[];
  onChange: (next: VexForm) => void;
  onRemove?: () => void;
}) {
  const headingId = useId();
  const justificationId = useId();
  const set = <K extends keyof VexForm>(key: K, value: VexForm[K]) => onChange({ ...statement, [key]: value });
  const name = `Not-affected statement ${index + 1}`;
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h3 id={headingId}>{name}</h3>
      <Field
        label="CVE ID"
        value={statement.cve}
        placeholder="CVE-2026-12345"
        spellCheck={false}
        onChange={(event) => set('cve', event.target.value)}
        error={joined(at('cve'))}
      />
      <ReleasePicker
        legend="Releases not affected"
        groups={groups}
        releases={releases}
        chosen={statement.products}
        onChange={(chosen) => set('products', chosen)}
        problems={at('products')}
      />
      <div className={styles.field}>
        <label htmlFor={justificationId} className={styles.label}>
          Justification
        </label>
        <select
          id={justificationId}
          className={styles.input}
          value={statement.justification}
          aria-invalid={at('justification').length > 0 ? true : undefined}
          onChange={(event) => set('justification', event.target.value as VexJustification)}
        >
          {VEX_JUSTIFICATIONS.map((justification) => (
            <option key={justification} value={justification}>
              {VEX_JUSTIFICATION_TITLES[justification]}
            </option>
          ))}
        </select>
        {at('justification').length > 0 && <p className={styles.problem}>{joined(at('justification'))}</p>}
      </div>
      <Field
        label="Impact statement"
        value={statement.impactStatement}
        maxLength={ADVISORY_SHORT_TEXT_MAX_CHARS}
        onChange={(event) => set('impactStatement', event.target.value)}
        error={joined(at('impactStatement'))}
      />
      {onRemove && (
        <Button variant="secondary" onClick={onRemove}>
          Remove {name.toLowerCase()}
        </Button>
      )}
    </section>
  );
}

function AcknowledgmentFields({
  index,
  acknowledgment,
  onChange,
  onRemove,
}: {
  index: number;
  acknowledgment: AcknowledgmentForm;
  onChange: (next: AcknowledgmentForm) => void;
  onRemove: () => void;
}) {
  const name = `Acknowledgment ${index + 1}`;
  return (
    <fieldset className={styles.remediation}>
      <legend>{name}</legend>
      <TextArea
        label="Names (one a line)"
        value={acknowledgment.names}
        rows={2}
        onChange={(event) => onChange({ ...acknowledgment, names: event.target.value })}
      />
      <Field
        label="Organization"
        value={acknowledgment.organization}
        onChange={(event) => onChange({ ...acknowledgment, organization: event.target.value })}
      />
      <Button variant="secondary" onClick={onRemove}>
        Remove {name.toLowerCase()}
      </Button>
    </fieldset>
  );
}

/** A labelled text area with a hint and the problems named for it. */
function TextArea({
  label,
  hint,
  problems = [],
  ...area
}: { label: string; hint?: ReactNode; problems?: readonly string[] } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', problems.length > 0 ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className={styles.muted}>
          {hint}
        </p>
      )}
      <textarea
        id={id}
        className={styles.textarea}
        rows={4}
        aria-invalid={problems.length > 0 ? true : undefined}
        aria-describedby={described || undefined}
        {...area}
      />
      {problems.length > 0 && (
        <p id={`${id}-error`} className={styles.problem}>
          {problems.join(' ')}
        </p>
      )}
    </div>
  );
}
