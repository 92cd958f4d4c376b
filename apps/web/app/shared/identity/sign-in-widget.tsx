import { SIGN_IN_LINK_MINUTES } from '@portal/contracts';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { ApiError } from '../api/api-client';
import { Dialog } from '../components/dialog';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Field } from '../components/ui/field';
import { emitTelemetry } from '../telemetry-bus';
import { useIdentityProvider } from './identity-provider';
import { IdentityProviderButton } from './identity-provider-button';
import { requestSignIn } from './api/request-sign-in';
import { newSignInVerifier } from './sign-in-verifier';
import styles from './sign-in-widget.module.css';

export const SIGN_IN_SENT = 'You will receive an email with a link to sign in within the next couple of minutes.';
export const SIGN_IN_FAILED = 'There was an error submitting your request.';

/**
 * SPEC §8: the server's own words when it refused the request or cannot do it now (503: the mail
 * server or another service it needs is away, and the words say when to ask again), a general
 * apology for anything else.
 */
export function signInFailureMessage(error: unknown): string {
  const serverSaid = error instanceof ApiError && ((error.status >= 400 && error.status < 500) || error.status === 503);
  return serverSaid ? error.message : SIGN_IN_FAILED;
}

type WidgetState = { status: 'idle' } | { status: 'busy' } | { status: 'sent' } | { status: 'failed'; message: string };

/**
 * Shown in place of protected content while signed out (SPEC §2, Service screens). The
 * link it asks for brings the user back to `redirectPath`, by default this very page.
 */
export function SignInWidget({ redirectPath }: { redirectPath?: string }) {
  const location = useLocation();
  const [whyOpen, setWhyOpen] = useState(false);
  const [state, setState] = useState<WidgetState>({ status: 'idle' });
  const identityProvider = useIdentityProvider();
  const destination = redirectPath ?? `${location.pathname}${location.search}`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    setState({ status: 'busy' });
    try {
      const verifierHash = await newSignInVerifier();
      await requestSignIn({
        email,
        redirectPath: destination,
        verifierHash,
      });
      emitTelemetry({ kind: 'event', name: 'Sent authentication token email' });
      setState({ status: 'sent' });
    } catch (error) {
      setState({ status: 'failed', message: signInFailureMessage(error) });
    }
  };

  return (
    <section className={styles.widget} aria-labelledby="sign-in-heading">
      <h2 id="sign-in-heading">You&apos;ll need to sign in</h2>
      {identityProvider && (
        <div className={styles.provider}>
          <IdentityProviderButton
            name={identityProvider.name}
            only={identityProvider.only}
            redirectPath={destination}
          />
        </div>
      )}
      {identityProvider?.only ? null : (
        <>
          {identityProvider && <p className={styles.or}>Or get a sign-in link by e-mail:</p>}
          <form className={styles.form} onSubmit={submit}>
            <Field
              id="sign-in-email"
              label="Enter your company email address"
              name="email"
              type="email"
              autoComplete="email"
              required
              action={
                <Button type="submit" disabled={state.status === 'busy'}>
                  Get Sign-In Email
                </Button>
              }
            />
          </form>
          {state.status === 'sent' && (
            <Alert tone="success" role="status">
              {SIGN_IN_SENT}
            </Alert>
          )}
          {state.status === 'failed' && (
            <Alert tone="danger" role="alert">
              {state.message}
            </Alert>
          )}
        </>
      )}
      <button type="button" className={styles.why} onClick={() => setWhyOpen(true)}>
        Why?
      </button>
      <Dialog open={whyOpen} onClose={() => setWhyOpen(false)} title="Why do I need to sign in?">
        <p>
          These tools are for company employees and service staff.{' '}
          {identityProvider
            ? `Sign in with your ${identityProvider.name} company account, as for the company's other tools.`
            : null}{' '}
          {identityProvider?.only
            ? null
            : `We can also e-mail you a link that signs you in: no password to remember. The link works once, for ${SIGN_IN_LINK_MINUTES} minutes.`}
        </p>
      </Dialog>
    </section>
  );
}
