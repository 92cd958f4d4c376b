import { EXPIRING_KEY_REFRESH_MINUTES, EXPIRING_KEY_VALID_HOURS, type ExpiringServiceKey } from '@portal/contracts';
import { KeyIcon } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/page-header';
import { Button } from '../../shared/components/ui/button';
import { Field } from '../../shared/components/ui/field';
import { useEffect, useId } from 'react';
import { Form, useNavigation, useRevalidator, type ShouldRevalidateFunctionArgs } from 'react-router';
import { CopyField } from '../../shared/components/copy-field';
import { formatDateTime } from '../../shared/format';
import { useIdentity } from '../../shared/identity/identity-store';
import { loadStaffData, type StaffData } from '../../shared/identity/staff-data';
import { StaffToolPage, staffToolMeta } from '../../shared/identity/staff-tool-page';
import { DESTINATIONS } from '../../shared/navigation/navigation';
import { FailureAlert } from '../../shared/outcome/failure-alert';
import { outcomeOf } from '../../shared/outcome/outcome';
import type { Route } from './+types/service-mode-page';
import { getChallengeResponse } from './api/get-challenge-response';
import { getExpiringKey } from './api/get-expiring-key';
import styles from '../../styles/forms.module.css';

const REFRESH_MS = EXPIRING_KEY_REFRESH_MINUTES * 60_000;

export const meta = () =>
  staffToolMeta(
    DESTINATIONS.serviceMode,
    'Response keys for Cornerstone service mode. For company employees and service staff.',
  );

/**
 * The expiring key, fetched on load (and on every revalidation) when a staff bearer is stored;
 * a 401 has cleared the bearer, and the sign-in widget takes the page's place.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<StaffData<ExpiringServiceKey>> {
  return loadStaffData(request, getExpiringKey);
}
clientLoader.hydrate = true as const;

export async function clientAction({ request }: Route.ClientActionArgs) {
  const challengeKey = String((await request.formData()).get('challengeKey') ?? '');
  const outcome = await outcomeOf(() => getChallengeResponse(challengeKey, request.signal));
  return { challengeKey, outcome };
}

/** Answering a challenge does not fetch a new expiring key; everything else does as usual. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === 'POST' ? false : defaultShouldRevalidate;
}

export function HydrateFallback() {
  return <PageHeader title={DESTINATIONS.serviceMode.title} icon={KeyIcon} />;
}

export default function ServiceModePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className={styles.page}>
      <StaffToolPage destination={DESTINATIONS.serviceMode} icon={KeyIcon} result={loaderData}>
        <ChallengeForm answer={actionData} />
        <ExpiringKeyCard state={loaderData} />
      </StaffToolPage>
    </div>
  );
}

function ChallengeForm({ answer }: { answer: Route.ComponentProps['actionData'] }) {
  const inputId = useId();
  const busy = useNavigation().state === 'submitting';
  return (
    <section className={styles.card} aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`}>Specific Challenge / Response</h2>
      <Form method="post" className={styles.form}>
        <Field
          id={inputId}
          label="Challenge Key"
          name="challengeKey"
          defaultValue={answer?.challengeKey}
          autoComplete="off"
          spellCheck={false}
          inputMode="numeric"
          action={
            <Button type="submit" disabled={busy}>
              Get Response Key
            </Button>
          }
        />
      </Form>
      {answer?.outcome.kind === 'ok' ? (
        answer.outcome.data.responseCode && <CopyField label="Response Key" value={answer.outcome.data.responseCode} />
      ) : answer ? (
        <FailureAlert failure={answer.outcome} />
      ) : null}
    </section>
  );
}

function ExpiringKeyCard({ state }: { state: StaffData<ExpiringServiceKey> }) {
  useExpiringKeyRefresh(state.kind !== 'ok');
  return (
    <section className={styles.card} aria-labelledby="expiring-key-heading">
      <h2 id="expiring-key-heading">Expiring Response Key</h2>
      <p className={styles.note}>For use with Cornerstone 2.8.1 and later. Valid {EXPIRING_KEY_VALID_HOURS} hours.</p>
      {state.kind === 'ok' ? (
        <>
          <CopyField label="Expiring Response Key" value={state.data.responseCode} />
          <p className={styles.expiry}>
            Expires <time dateTime={state.data.expiresAt}>{formatDateTime(state.data.expiresAt)}</time>
          </p>
        </>
      ) : state.kind === 'signed-out' ? (
        <p className={styles.note}>Loading…</p>
      ) : (
        <FailureAlert failure={state} />
      )}
    </section>
  );
}

/**
 * SPEC §4: the key is refreshed every 15 minutes, and when the tab comes back after being
 * hidden longer than that (timers are slowed or stopped in hidden tabs); at once when a
 * signed-in identity arrives without one.
 */
function useExpiringKeyRefresh(missing: boolean) {
  const { revalidate } = useRevalidator();
  const signedIn = useIdentity() !== undefined;
  useEffect(() => {
    if (signedIn && missing) void revalidate();
  }, [signedIn, missing, revalidate]);
  useEffect(() => {
    if (!signedIn) return;
    const timer = window.setInterval(() => void revalidate(), REFRESH_MS);
    let hiddenAt: number | undefined;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') hiddenAt = Date.now();
      else if (hiddenAt !== undefined && Date.now() - hiddenAt > REFRESH_MS) void revalidate();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [signedIn, revalidate]);
}
