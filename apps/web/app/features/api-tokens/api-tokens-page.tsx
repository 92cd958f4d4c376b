import {
  API_TOKEN_DEFAULT_DAYS,
  API_TOKEN_ENV,
  API_TOKEN_MAX_DAYS,
  API_TOKEN_NAME_MAX_CHARS,
  type ApiTokenSummary,
  type CreatedApiToken,
} from '@portal/contracts';
import { useEffect, useId, useRef } from 'react';
import { useFetcher } from 'react-router';
import { CopyField } from '../../shared/components/copy-field';
import { KeyIcon } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/page-header';
import { Alert } from '../../shared/components/ui/alert';
import { Button } from '../../shared/components/ui/button';
import { Field } from '../../shared/components/ui/field';
import { formatDateTime } from '../../shared/format';
import { loadStaffData } from '../../shared/identity/staff-data';
import { StaffDataView, StaffToolPage, staffToolMeta } from '../../shared/identity/staff-tool-page';
import { DESTINATIONS } from '../../shared/navigation/navigation';
import { FailureAlert } from '../../shared/outcome/failure-alert';
import { outcomeOf, type Outcome } from '../../shared/outcome/outcome';
import type { Route } from './+types/api-tokens-page';
import { createApiToken } from './api/create-api-token';
import { getApiTokens } from './api/get-api-tokens';
import { revokeApiToken } from './api/revoke-api-token';
import utilities from '../../styles/utilities.module.css';
import styles from './api-tokens-page.module.css';

export const meta = () =>
  staffToolMeta(DESTINATIONS.serviceTokens, 'API tokens that let a build pipeline publish releases. For publishers.');

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadStaffData(request, getApiTokens);
}
// Staff screens are browser-only pages: their loader runs when the page is opened.
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageHeader title={DESTINATIONS.serviceTokens.title} icon={KeyIcon} />;
}

/** What one change came to: a token created (shown once), or one revoked. */
export type TokenChange =
  | { intent: 'create'; outcome: Outcome<CreatedApiToken> }
  | { intent: 'revoke'; name: string; outcome: Outcome<unknown> };

/** Each change is one call; the list loads again after it (React Router revalidates). */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<TokenChange> {
  const form = await request.formData();
  const { signal } = request;
  if (form.get('intent') === 'revoke') {
    const id = String(form.get('tokenId') ?? '');
    return {
      intent: 'revoke',
      name: String(form.get('name') ?? ''),
      outcome: await outcomeOf(() => revokeApiToken(id, signal), { signal }),
    };
  }
  const days = Number(form.get('expiresInDays'));
  const body = { name: String(form.get('name') ?? ''), expiresInDays: days };
  return { intent: 'create', outcome: await outcomeOf(() => createApiToken(body, signal), { signal }) };
}

export default function ApiTokensPage({ loaderData }: Route.ComponentProps) {
  return (
    <StaffToolPage destination={DESTINATIONS.serviceTokens} icon={KeyIcon} result={loaderData}>
      <p className={styles.lead}>
        An API token lets a build pipeline publish releases with <code>portal-publish</code>, without a person&apos;s
        session. It may only publish: create drafts, upload their files, preview and publish them. It stops working when
        it expires, when it is revoked, or when its creator loses the Publisher role.
      </p>
      <CreateForm />
      <StaffDataView result={loaderData}>{({ tokens }) => <TokenList tokens={tokens} />}</StaffDataView>
    </StaffToolPage>
  );
}

function CreateForm() {
  const fetcher = useFetcher<TokenChange>();
  const form = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const done = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (done?.outcome.kind === 'ok') form.current?.reset();
  }, [done]);
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId}>Create a token</h2>
      <fetcher.Form method="post" ref={form} className={styles.create}>
        <input type="hidden" name="intent" value="create" />
        <Field
          label="Name"
          name="name"
          required
          maxLength={API_TOKEN_NAME_MAX_CHARS}
          autoComplete="off"
          placeholder="e.g. Cornerstone release pipeline"
        />
        <Field
          label="Expires in (days)"
          name="expiresInDays"
          type="number"
          inputMode="numeric"
          required
          min={1}
          max={API_TOKEN_MAX_DAYS}
          step={1}
          defaultValue={API_TOKEN_DEFAULT_DAYS}
          className={styles.days}
        />
        <Button type="submit" disabled={fetcher.state !== 'idle'}>
          Create token
        </Button>
      </fetcher.Form>
      {done?.intent === 'create' &&
        (done.outcome.kind === 'ok' ? (
          <CreatedToken token={done.outcome.data} />
        ) : (
          <FailureAlert failure={done.outcome} />
        ))}
    </section>
  );
}

function CreatedToken({ token }: { token: CreatedApiToken }) {
  return (
    <div className={styles.created}>
      <Alert role="status" tone="success">
        Token “{token.name}” created. Copy it now: it is shown only this once. Give it to the pipeline as the secret{' '}
        <code>{API_TOKEN_ENV}</code>.
      </Alert>
      <CopyField label="New API token" value={token.token} />
    </div>
  );
}

function TokenList({ tokens }: { tokens: readonly ApiTokenSummary[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.list}>
      <h2 id={headingId}>Tokens</h2>
      {tokens.length === 0 ? (
        <p>No API tokens yet.</p>
      ) : (
        <div className={styles.scroll}>
          <table className={styles.table} aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Created by</th>
                <th scope="col">Created</th>
                <th scope="col">Expires</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span className={utilities.visuallyHidden}>Revoke</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.map((token) => (
                <TokenRow key={token.id} token={token} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function TokenRow({ token }: { token: ApiTokenSummary }) {
  const fetcher = useFetcher<TokenChange>();
  const done = fetcher.state === 'idle' ? fetcher.data : undefined;
  return (
    <tr>
      <th scope="row">{token.name}</th>
      <td>{token.createdBy}</td>
      <td>{formatDateTime(token.createdAt)}</td>
      <td>{formatDateTime(token.expiresAt)}</td>
      <td>
        {token.lastUsedAt
          ? `${formatDateTime(token.lastUsedAt)} from ${token.lastUsedAddress ?? 'an unknown address'}`
          : 'Never'}
      </td>
      <td>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="revoke" />
          <input type="hidden" name="tokenId" value={token.id} />
          <input type="hidden" name="name" value={token.name} />
          <Button
            type="submit"
            variant="secondary"
            disabled={fetcher.state !== 'idle'}
            aria-label={`Revoke ${token.name}`}
          >
            Revoke
          </Button>
        </fetcher.Form>
        {done && done.outcome.kind !== 'ok' && <FailureAlert failure={done.outcome} />}
      </td>
    </tr>
  );
}
