import { LockIcon } from '../../shared/components/icons';
import { Button } from '../../shared/components/ui/button';
import { Field } from '../../shared/components/ui/field';
import {
  ADMIN_EMAIL_HELP,
  PASSWORD_RESET_MESSAGES,
  type PasswordResetSent,
  type PasswordResetStatus,
} from '@portal/contracts';
import { useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { StaffToolPage, staffToolMeta } from '../../shared/identity/staff-tool-page';
import { DESTINATIONS } from '../../shared/navigation/navigation';
import { FailureAlert } from '../../shared/outcome/failure-alert';
import { outcomeOf, type Outcome } from '../../shared/outcome/outcome';
import type { Route } from './+types/password-reset-page';
import { getPasswordResetStatus } from './api/get-password-reset-status';
import { postResponseKey } from './api/post-response-key';
import { putAuthorizedAdmins } from './api/put-authorized-admins';
import styles from './password-reset.module.css';
import forms from '../../styles/forms.module.css';

export const meta = () =>
  staffToolMeta(
    DESTINATIONS.servicePasswordReset,
    "Reset a Cornerstone Administrator password: the response key goes to the registration's authorized admins.",
  );

/** One action, three steps of SPEC §4: look up, save the admin list, send the response key. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const registrationId = String(form.get('registrationId') ?? '');
  const { signal } = request;
  switch (form.get('intent')) {
    case 'save':
      return outcomeOf(() =>
        putAuthorizedAdmins({ registrationId, authorizedAdminEmails: form.getAll('email').map(String) }, signal),
      );
    case 'send':
      return outcomeOf(() =>
        postResponseKey({ registrationId, challengeKey: String(form.get('challengeKey') ?? '') }, signal),
      );
    default: {
      const status = await outcomeOf(() => getPasswordResetStatus(registrationId, signal));
      return status.kind === 'ok' && !status.data.isRegistrationIdValid
        ? ({ kind: 'rejected', message: PASSWORD_RESET_MESSAGES.invalidRegistrationId } as const)
        : status;
    }
  }
}

export default function PasswordResetPage() {
  const [generation, setGeneration] = useState(0);
  return (
    <div className={forms.page}>
      <StaffToolPage destination={DESTINATIONS.servicePasswordReset} icon={LockIcon}>
        <button type="button" className={styles.secondary} onClick={() => setGeneration((value) => value + 1)}>
          Reset Form
        </button>
        {/* Reset Form: a new form, with fresh fetchers and fields. */}
        <PasswordResetForm key={generation} />
      </StaffToolPage>
    </div>
  );
}

function PasswordResetForm() {
  const lookup = useFetcher<Outcome<PasswordResetStatus>>();
  const save = useFetcher<Outcome<PasswordResetStatus>>();
  const send = useFetcher<Outcome<PasswordResetSent>>();
  const [registrationId, setRegistrationId] = useState('');
  const [continued, setContinued] = useState(false);
  const ids = { registration: useId(), family: useId(), challenge: useId() };

  const status = lookup.state === 'idle' ? okData(lookup.data) : undefined;
  const saved = okData(save.data);
  const sent = okData(send.data);
  // SPEC §4: Continue (or a successful save) sets isManager to false: on to the challenge key.
  const editing = status?.requiresAuthorizedAdmins && status.isManager && !continued && !saved;
  const current = saved ?? status;

  return (
    <>
      <lookup.Form method="post" className={styles.card}>
        <input type="hidden" name="intent" value="lookup" />
        <Field
          id={ids.registration}
          label="Registration ID"
          name="registrationId"
          value={registrationId}
          onChange={(event) => setRegistrationId(event.target.value)}
          readOnly={status !== undefined}
          autoComplete="off"
          spellCheck={false}
          action={
            status === undefined && (
              <Button type="submit" disabled={lookup.state !== 'idle'}>
                Continue
              </Button>
            )
          }
        />
        {lookup.data && lookup.data.kind !== 'ok' && <FailureAlert failure={lookup.data} />}
      </lookup.Form>

      {current && (
        <div className={styles.card}>
          <Field id={ids.family} label="Instrument Family" value={current.family ?? ''} readOnly />
        </div>
      )}

      {current && editing && (
        <AdminEmailEditor
          registrationId={registrationId}
          initial={current.authorizedAdminEmails}
          save={save}
          onContinue={() => setContinued(true)}
        />
      )}

      {current && !editing && (
        <send.Form method="post" className={styles.card}>
          <input type="hidden" name="intent" value="send" />
          <input type="hidden" name="registrationId" value={registrationId} />
          <Field
            id={ids.challenge}
            label="Challenge Key"
            name="challengeKey"
            readOnly={sent !== undefined}
            autoComplete="off"
            spellCheck={false}
            action={
              sent === undefined && (
                <Button type="submit" disabled={send.state !== 'idle'}>
                  Send Response Key
                </Button>
              )
            }
          />
          <SendOutcome
            outcome={send.state === 'idle' ? send.data : undefined}
            requiresAuthorizedAdmins={current.requiresAuthorizedAdmins}
          />
        </send.Form>
      )}
    </>
  );
}

function AdminEmailEditor({
  registrationId,
  initial,
  save,
  onContinue,
}: {
  registrationId: string;
  initial: string[];
  save: ReturnType<typeof useFetcher<Outcome<PasswordResetStatus>>>;
  onContinue: () => void;
}) {
  const [emails, setEmails] = useState(initial.length > 0 ? initial : ['']);
  const changed = emails.join('\n') !== initial.join('\n');
  const helpId = useId();
  return (
    <save.Form
      method="post"
      className={styles.card}
      onSubmit={(event) => !changed && (event.preventDefault(), onContinue())}
    >
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="registrationId" value={registrationId} />
      <fieldset className={styles.fieldset} aria-describedby={helpId}>
        <legend className={forms.label}>Authorized Admin Emails</legend>
        <p id={helpId} className={styles.help}>
          {ADMIN_EMAIL_HELP}
        </p>
        {emails.map((email, index) => (
          <div className={forms.row} key={index}>
            <input
              type="email"
              name="email"
              aria-label={`Authorized admin email ${index + 1}`}
              className={forms.input}
              value={email}
              onChange={(event) => setEmails(emails.map((value, i) => (i === index ? event.target.value : value)))}
            />
            <button
              type="button"
              className={styles.secondary}
              aria-label={`Remove authorized admin email ${index + 1}`}
              onClick={() => setEmails(emails.filter((_, i) => i !== index))}
            >
              Remove
            </button>
          </div>
        ))}
        <button type="button" className={styles.secondary} onClick={() => setEmails([...emails, ''])}>
          Add Email
        </button>
      </fieldset>
      <button type="submit" className={styles.primary} disabled={save.state !== 'idle'}>
        {changed ? 'Save & Continue' : 'Continue'}
      </button>
      {save.data && save.data.kind !== 'ok' && <FailureAlert failure={save.data} />}
    </save.Form>
  );
}

function SendOutcome({
  outcome,
  requiresAuthorizedAdmins,
}: {
  outcome: Outcome<PasswordResetSent> | undefined;
  requiresAuthorizedAdmins: boolean;
}) {
  if (!outcome) return null;
  if (outcome.kind !== 'ok') return <FailureAlert failure={outcome} />;
  if (outcome.data.emailSent)
    return (
      <p role="status" className={styles.success}>
        The response key was sent to the authorized admins: {outcome.data.authorizedAdminEmails.join(', ')}.
      </p>
    );
  // Not sent: the server could not do what was asked (SPEC §8's two texts).
  const message = requiresAuthorizedAdmins
    ? PASSWORD_RESET_MESSAGES.noAuthorizedAdmin
    : PASSWORD_RESET_MESSAGES.notSent;
  return <FailureAlert failure={{ kind: 'rejected', message }} />;
}

/** The data of a step that succeeded; undefined before it ran and when it failed. */
function okData<T>(outcome: Outcome<T> | undefined): T | undefined {
  return outcome?.kind === 'ok' ? outcome.data : undefined;
}
