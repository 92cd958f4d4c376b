import {
  FIRMWARE_INSTRUMENT_NAMES,
  FIRMWARE_RELEASE_NOTES_MAX_CHARS,
  type CatalogueManifest,
  type Draft,
  type DraftFile,
  type ManifestFile,
  type ManifestFirmwareRelease,
} from '@portal/contracts';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../../../shared/components/ui/alert';
import { Button } from '../../../shared/components/ui/button';
import { Field } from '../../../shared/components/ui/field';
import fieldStyles from '../../../shared/components/ui/field.module.css';
import { formatFileSize } from '../../../shared/format';
import { FailureAlert } from '../../../shared/outcome/failure-alert';
import type { Failure } from '../../../shared/outcome/outcome';
import styles from './draft.module.css';
import { fieldWithin, withEntry, type FormSection } from './draft-manifest';
import { sendWhileHashing, useUploads, type Sending } from './file-upload';
import { saveDraft } from './save-draft';

/** One input of a form: its name is the entry's field it fills (`releaseDate`), so a problem finds it. */
interface InputSpec {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
  kind?: 'text' | 'date' | 'textarea' | 'select';
  options?: readonly string[];
  maxLength?: number;
}

interface FormSpec<S extends FormSection> {
  section: S;
  title: string;
  inputs: InputSpec[];
  /** The file the entry names, and the entry's field for it (`offlineInstaller`, `file`, `update`). */
  file: { field: string; label: string; required: boolean; accept?: string };
  build: (values: Record<string, string>, file: ManifestFile | undefined) => EntryOf<S>;
  /** Whether the entry may carry its release's software bill of materials (`sbom`, docs/sbom.md). */
  sbom?: boolean;
}

/** The second, optional file of a release's form: its SBOM, a CycloneDX JSON document. */
const SBOM_FILE = { field: 'sbom', label: 'Software bill of materials (CycloneDX JSON, optional)', accept: '.json' };
type EntryOf<S extends FormSection> = NonNullable<CatalogueManifest[S]>[number];

/** A value given, or nothing: optional fields left empty are left out of the entry. */
const given = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());
const optional = (values: Record<string, string>, ...names: string[]) =>
  Object.fromEntries(names.flatMap((name) => (given(values[name]) === undefined ? [] : [[name, given(values[name])]])));

const DOCUMENT_INPUTS: InputSpec[] = [
  { name: 'documentNumber', label: 'Document number (optional)' },
  { name: 'title', label: 'Title (optional)' },
  { name: 'revision', label: 'Revision (optional)', hint: 'Letters and digits, with . or - between them: A, 2, 1.3' },
  { name: 'effectiveDate', label: 'Effective date (optional)', hint: 'YYYY-MM-DD' },
];

const VERSION: FormSpec<'versions'> = {
  section: 'versions',
  title: 'A new version with its offline installer',
  inputs: [
    { name: 'name', label: 'Version', required: true, hint: 'As customers see it: 2.11.0' },
    { name: 'families', label: 'Families', required: true, hint: 'Separated by commas: CS, Demo' },
    { name: 'releaseDate', label: 'Release date (optional)', hint: 'YYYY-MM-DD' },
  ],
  file: { field: 'offlineInstaller', label: 'Offline installer', required: false, accept: '.zip,.exe,.msi' },
  build: (values, file) => ({
    name: values.name!.trim(),
    families: values
      .families!.split(',')
      .map((family) => family.trim())
      .filter(Boolean),
    ...optional(values, 'releaseDate'),
    ...(file ? { offlineInstaller: file } : {}),
  }),
  sbom: true,
};

const PIB: FormSpec<'pibs'> = {
  section: 'pibs',
  title: 'A PIB',
  inputs: [
    { name: 'product', label: 'Product', required: true, hint: 'Cornerstone, or a key ID’s product: ChromaTOF' },
    { name: 'version', label: 'Version', required: true },
    { name: 'internalVariant', label: 'Internal variant', required: true, hint: 'The key with product and version' },
    { name: 'variant', label: 'Variant', required: true, hint: 'As customers see it' },
    ...DOCUMENT_INPUTS,
  ],
  file: { field: 'file', label: 'PIB file', required: true, accept: '.pdf' },
  build: (values, file) => ({
    product: values.product!.trim(),
    version: values.version!.trim(),
    internalVariant: values.internalVariant!.trim(),
    variant: values.variant!.trim(),
    ...optional(values, 'documentNumber', 'title', 'revision', 'effectiveDate'),
    file: file!,
  }),
};

const DSV: FormSpec<'dsvs'> = {
  section: 'dsvs',
  title: 'A DSV',
  inputs: [
    { name: 'key', label: 'Key', required: true, hint: 'CS-DSV-2110' },
    { name: 'version', label: 'Version', required: true, hint: 'digits.digits.digits: 2.11.0' },
    ...DOCUMENT_INPUTS,
  ],
  file: { field: 'file', label: 'DSV file', required: true, accept: '.pdf' },
  build: (values, file) => ({
    key: values.key!.trim(),
    version: values.version!.trim(),
    ...optional(values, 'documentNumber', 'title', 'revision', 'effectiveDate'),
    file: file!,
  }),
};

const RELEASE_NOTES: FormSpec<'releaseNotes'> = {
  section: 'releaseNotes',
  title: 'Release notes',
  inputs: [
    { name: 'product', label: 'Product', required: true, hint: 'Cornerstone' },
    { name: 'version', label: 'Version', required: true },
  ],
  file: { field: 'file', label: 'Release notes file', required: true, accept: '.txt,.pdf' },
  build: (values, file) => ({ product: values.product!.trim(), version: values.version!.trim(), file: file! }),
};

const FIRMWARE: FormSpec<'firmware'> = {
  section: 'firmware',
  title: 'A firmware version',
  inputs: [
    { name: 'instrument', label: 'Instrument', required: true, kind: 'select', options: FIRMWARE_INSTRUMENT_NAMES },
    { name: 'version', label: 'Version', required: true, hint: 'Exactly as the maker writes it: 002.002.010' },
    { name: 'releaseDate', label: 'Release date', required: true, hint: 'YYYY-MM-DD' },
    { name: 'releaseNotes', label: 'Release notes', kind: 'textarea', maxLength: FIRMWARE_RELEASE_NOTES_MAX_CHARS },
  ],
  file: { field: 'update', label: 'update.zip', required: true, accept: '.zip' },
  build: (values, file) => ({
    instrument: values.instrument as ManifestFirmwareRelease['instrument'],
    version: values.version!.trim(),
    releaseDate: values.releaseDate!.trim(),
    ...(given(values.releaseNotes) === undefined ? {} : { releaseNotes: values.releaseNotes! }),
    update: file!,
  }),
  sbom: true,
};

/** The forms for the common cases, each adding one entry to the draft. */
export function EntryForms({ draft, onSaved }: { draft: Draft; onSaved: () => void }) {
  return (
    <>
      <EntryForm spec={VERSION} draft={draft} onSaved={onSaved} />
      <EntryForm spec={PIB} draft={draft} onSaved={onSaved} />
      <EntryForm spec={DSV} draft={draft} onSaved={onSaved} />
      <EntryForm spec={RELEASE_NOTES} draft={draft} onSaved={onSaved} />
      <EntryForm spec={FIRMWARE} draft={draft} onSaved={onSaved} />
    </>
  );
}

type Step =
  | { at: 'idle' }
  | { at: 'hashing'; bytesRead: number; totalBytes: number; sending: string }
  | { at: 'saving' }
  | { at: 'saved'; title: string }
  | { at: 'failed'; failure: Failure; problems: Map<string, string[]> };

function EntryForm<S extends FormSection>({
  spec,
  draft,
  onSaved,
}: {
  spec: FormSpec<S>;
  draft: Draft;
  onSaved: () => void;
}) {
  const [step, setStep] = useState<Step>({ at: 'idle' });
  const uploads = useUploads();
  const sendingNow = step.at === 'hashing' ? uploads.get(step.sending) : undefined;
  const [formKey, setFormKey] = useState(0);
  const busy = step.at === 'hashing' || step.at === 'saving';
  const problems = step.at === 'failed' ? step.problems : new Map<string, string[]>();
  const fileInputId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const values = Object.fromEntries(
      spec.inputs.map((input) => [input.name, String(form.get(input.name) ?? '')]),
    ) as Record<string, string>;
    const chosen = form.get('file');
    // No file chosen comes as an empty File without a name; an empty file chosen has its name.
    const file = chosen instanceof File && chosen.name !== '' ? chosen : undefined;
    const draftId = draft.draft.id;

    const chosenSbom = spec.sbom ? form.get(SBOM_FILE.field) : null;
    const sbomFile = chosenSbom instanceof File && chosenSbom.name !== '' ? chosenSbom : undefined;

    // Both files start out at once, each sent while it is hashed (decision 282); the form
    // shows the first one's hash, and saves the entry once the claims have named them.
    const shown = file ?? sbomFile;
    const sendings = [file, sbomFile].map((chosen) => {
      if (!chosen) return undefined;
      const sending: Sending = sendWhileHashing(draftId, chosen, {
        // Called from the worker's messages only, once `sending` is set.
        onHashed: (bytesRead) => {
          if (chosen === shown) setStep({ at: 'hashing', bytesRead, totalBytes: chosen.size, sending: sending.key() });
        },
      });
      return sending;
    });
    const firstSending = sendings.find(Boolean);
    if (shown && firstSending && !firstSending.recognised) {
      setStep({ at: 'hashing', bytesRead: 0, totalBytes: shown.size, sending: firstSending.key() });
    } else if (shown) {
      setStep({ at: 'saving' });
    }
    /** A chosen file's claim; undefined when refused (said beside its input). */
    const claimOf = async (sending: Sending, field: string) => {
      const claimed = await sending.claimed;
      if (claimed.kind !== 'ok') {
        // A file past the limit (413) is refused before a byte is sent: said beside the file.
        setStep({ at: 'failed', failure: claimed, problems: new Map([[field, [claimed.message]]]) });
        return undefined;
      }
      return claimed;
    };
    let claim: { sha256: string; file: DraftFile } | undefined;
    if (sendings[0]) {
      claim = await claimOf(sendings[0], spec.file.field);
      if (!claim) return;
    }
    let sbomClaim: { sha256: string; file: DraftFile } | undefined;
    if (sendings[1]) {
      sbomClaim = await claimOf(sendings[1], SBOM_FILE.field);
      if (!sbomClaim) return;
    }
    setStep({ at: 'saving' });
    const entry = {
      ...spec.build(values, claim && file ? { path: claim.sha256, name: file.name } : undefined),
      ...(sbomClaim && sbomFile ? { sbom: { path: sbomClaim.sha256, name: sbomFile.name } } : {}),
    };
    const { manifest, path } = withEntry(draft.manifest, spec.section, entry);
    const answer = await saveDraft(draftId, manifest);
    if (answer.kind === 'saved') {
      setStep({ at: 'saved', title: spec.title });
      setFormKey((key) => key + 1);
      onSaved();
      // Sent already, or still being sent: the draft's card shows it, and Uploaded once kept.
      for (const sending of sendings) void sending?.sent.then(onSaved);
      return;
    }
    if (answer.kind === 'refused') {
      const byField = new Map<string, string[]>();
      const rest: string[] = [];
      for (const problem of answer.problems) {
        const field = fieldWithin(problem.path, path);
        const name = field?.split(/[.[]/, 1)[0];
        const input =
          name === spec.file.field || (spec.sbom && name === SBOM_FILE.field)
            ? name
            : spec.inputs.find((candidate) => candidate.name === name)?.name;
        if (input) byField.set(input, [...(byField.get(input) ?? []), problem.message]);
        else rest.push(problem.path ? `${problem.path}: ${problem.message}` : problem.message);
      }
      const message = [answer.message, ...rest].join(' ');
      setStep({ at: 'failed', failure: { kind: 'failed', message, status: 400 }, problems: byField });
      return;
    }
    setStep({ at: 'failed', failure: answer, problems: new Map() });
  };

  const errorOf = (name: string): ReactNode => {
    const messages = problems.get(name);
    return messages ? messages.join(' ') : undefined;
  };

  return (
    <details className={styles.adder}>
      <summary>{spec.title}</summary>
      <form key={formKey} className={styles.form} onSubmit={(event) => void submit(event)}>
        {spec.inputs.map((input) => (
          <EntryInput key={input.name} input={input} error={errorOf(input.name)} />
        ))}
        <div className={fieldStyles.field}>
          <label className={fieldStyles.label} htmlFor={fileInputId}>
            {spec.file.label}
            {spec.file.required ? '' : ' (optional)'}
          </label>
          <input
            id={fileInputId}
            type="file"
            name="file"
            required={spec.file.required}
            accept={spec.file.accept}
            aria-invalid={errorOf(spec.file.field) ? true : undefined}
            aria-describedby={errorOf(spec.file.field) ? `${fileInputId}-error` : undefined}
          />
          {errorOf(spec.file.field) && (
            <p id={`${fileInputId}-error`} className={fieldStyles.error}>
              {errorOf(spec.file.field)}
            </p>
          )}
        </div>
        {spec.sbom && <FileInput file={{ ...SBOM_FILE, required: false }} error={errorOf(SBOM_FILE.field)} />}
        <div className={styles.buttons}>
          <Button type="submit" disabled={busy}>
            {step.at === 'saving' ? 'Adding…' : 'Add to draft'}
          </Button>
          {step.at === 'hashing' && (
            <span role="status">
              Computing SHA-256: {formatFileSize(step.bytesRead)} of {formatFileSize(step.totalBytes)}{' '}
              <progress className={styles.progress} value={step.bytesRead} max={Math.max(step.totalBytes, 1)} />
              {sendingNow?.state === 'uploading' && (
                <>
                  {' '}
                  — uploading meanwhile: {formatFileSize(sendingNow.bytesSent)} of{' '}
                  {formatFileSize(sendingNow.totalBytes)} sent{' '}
                  <progress
                    className={styles.progress}
                    value={sendingNow.bytesSent}
                    max={Math.max(sendingNow.totalBytes, 1)}
                  />
                </>
              )}
            </span>
          )}
        </div>
      </form>
      {step.at === 'saved' && (
        <Alert role="status" tone="success">
          Added to the draft.
        </Alert>
      )}
      {step.at === 'failed' && <FailureAlert failure={step.failure} />}
    </details>
  );
}

/** A further file of an entry (its SBOM), with the problem the server found in it. */
function FileInput({
  file,
  error,
}: {
  file: { field: string; label: string; required: boolean; accept?: string };
  error: ReactNode;
}) {
  const id = useId();
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={id}>
        {file.label}
      </label>
      <input
        id={id}
        type="file"
        name={file.field}
        required={file.required}
        accept={file.accept}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className={fieldStyles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

function EntryInput({ input, error }: { input: InputSpec; error: ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [input.hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: input.name,
    required: input.required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  if (input.kind === 'select' || input.kind === 'textarea') {
    return (
      <div className={fieldStyles.field}>
        <label className={fieldStyles.label} htmlFor={id}>
          {input.label}
        </label>
        {input.kind === 'select' ? (
          <select className={styles.select} {...common}>
            {input.options?.map((option) => (
              <option key={option}>{option}</option>
            ))}
          </select>
        ) : (
          <textarea className={styles.textarea} maxLength={input.maxLength} {...common} />
        )}
        {input.hint && (
          <p id={hintId} className={styles.muted}>
            {input.hint}
          </p>
        )}
        {error && (
          <p id={errorId} className={fieldStyles.error}>
            {error}
          </p>
        )}
      </div>
    );
  }
  return (
    <Field
      label={
        <>
          {input.label}
          {input.hint && <span className={styles.hint}>{input.hint}</span>}
        </>
      }
      name={input.name}
      required={input.required}
      autoComplete="off"
      error={error}
      id={id}
    />
  );
}
