import {
  PEOPLE_MESSAGES,
  STAFF_ROLE_POWERS,
  STAFF_ROLE_TITLES,
  STAFF_ROLES,
  type Person,
  type StaffRole,
} from '@portal/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Form, useFetcher, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import { Dialog } from '../../shared/components/dialog';
import { PeopleIcon } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/page-header';
import { Alert } from '../../shared/components/ui/alert';
import { Button } from '../../shared/components/ui/button';
import { Field } from '../../shared/components/ui/field';
import { formatDateTime } from '../../shared/format';
import { useIdentity } from '../../shared/identity/identity-store';
import { loadStaffData } from '../../shared/identity/staff-data';
import { StaffDataView, StaffToolPage, staffToolMeta } from '../../shared/identity/staff-tool-page';
import { DESTINATIONS } from '../../shared/navigation/navigation';
import { FailureAlert } from '../../shared/outcome/failure-alert';
import { outcomeOf, type Outcome } from '../../shared/outcome/outcome';
import type { Route } from './+types/people-page';
import { getPeople } from './api/get-people';
import { invitePerson } from './api/invite-person';
import { removePerson } from './api/remove-person';
import { setRoles } from './api/set-roles';
import { signOutPerson } from './api/sign-out-person';
import { useIdentityProvider } from '../../shared/identity/identity-provider';
import { lockedRoleReason, peopleMatching, removalBlockedReason } from './people-rules';
import styles from './people-page.module.css';

export const meta = () =>
  staffToolMeta(DESTINATIONS.servicePeople, 'Who may use the staff tools, with which roles. For administrators.');

const FILTER_PARAM = 'filter';
const ROLE_FIELD = 'role';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadStaffData(request, getPeople);
}
// Staff screens are browser-only pages: their loader runs when the page is opened.
clientLoader.hydrate = true as const;

/** The filter only chooses among the people loaded: changing it loads nothing. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod === undefined && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export function HydrateFallback() {
  return <PageHeader title={DESTINATIONS.servicePeople.title} icon={PeopleIcon} />;
}

const INTENTS = ['invite', 'roles', 'sign-out', 'remove'] as const;
type Intent = (typeof INTENTS)[number];
const isIntent = (value: unknown): value is Intent => (INTENTS as readonly unknown[]).includes(value);

/** What one change came to, shown beside the person (or the invitation) it concerns. */
export interface PeopleChange {
  intent: Intent;
  email: string;
  outcome: Outcome<unknown>;
}

const rolesOf = (form: FormData): StaffRole[] => STAFF_ROLES.filter((role) => form.getAll(ROLE_FIELD).includes(role));

/** Each change is one call; the list loads again after it (React Router revalidates). */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<PeopleChange> {
  const form = await request.formData();
  const intent = form.get('intent');
  // Only this page's own forms post here, each with its intent: anything else is a fault of ours.
  if (!isIntent(intent)) throw new Error(`The People screen has no change called ${String(intent)}`);
  const email = String(form.get('email') ?? '').trim();
  const { signal } = request;
  const call: () => Promise<unknown> = {
    invite: () => invitePerson({ email, roles: rolesOf(form) }, signal),
    roles: () => setRoles(email, { roles: rolesOf(form) }, signal),
    'sign-out': () => signOutPerson(email, signal),
    remove: () => removePerson(email, signal),
  }[intent];
  return { intent, email, outcome: await outcomeOf(call, { signal }) };
}

export default function PeoplePage({ loaderData }: Route.ComponentProps) {
  return (
    <StaffToolPage destination={DESTINATIONS.servicePeople} icon={PeopleIcon} result={loaderData}>
      <p className={styles.lead}>
        Everyone who has signed in or been invited. Every signed-in staff member may use Releases &amp; PIBs, Products
        &amp; Options and ChromaTOF Releases; a role adds powers:
      </p>
      <dl className={styles.powers}>
        {STAFF_ROLES.map((role) => (
          <div key={role}>
            <dt>{STAFF_ROLE_TITLES[role]}</dt>
            <dd>{STAFF_ROLE_POWERS[role]}</dd>
          </div>
        ))}
      </dl>
      <InviteForm />
      <StaffDataView result={loaderData}>{({ people }) => <PeopleList people={people} />}</StaffDataView>
    </StaffToolPage>
  );
}

function InviteForm() {
  const fetcher = useFetcher<PeopleChange>();
  const form = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const done = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (done?.outcome.kind === 'ok') form.current?.reset();
  }, [done]);
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId}>Invite someone</h2>
      <fetcher.Form method="post" ref={form} className={styles.invite}>
        <input type="hidden" name="intent" value="invite" />
        <Field
          label="E-mail address"
          name="email"
          type="email"
          required
          autoComplete="off"
          spellCheck={false}
          className={styles.address}
        />
        <RoleChoices legend="Roles from their first sign-in" checked={[]} />
        <Button type="submit" disabled={fetcher.state !== 'idle'}>
          Invite
        </Button>
      </fetcher.Form>
      {done && <ChangeOutcome change={done} />}
    </section>
  );
}

function PeopleList({ people }: { people: readonly Person[] }) {
  const [searchParams] = useSearchParams();
  const filter = searchParams.get(FILTER_PARAM) ?? '';
  const shown = peopleMatching(people, filter);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>People</h2>
      <Form method="get" role="search" className={styles.filter}>
        <Field
          label="Show only addresses containing"
          name={FILTER_PARAM}
          type="search"
          defaultValue={filter}
          key={filter}
          autoComplete="off"
          spellCheck={false}
          action={
            <Button type="submit" variant="secondary">
              Filter
            </Button>
          }
        />
      </Form>
      <p role="status" className={styles.count}>
        {people.length === 0
          ? 'No one has signed in or been invited yet.'
          : shown.length === 0
            ? `No one's address contains “${filter}”.`
            : filter
              ? `${shown.length} of ${people.length} people`
              : `${people.length} ${people.length === 1 ? 'person' : 'people'}`}
      </p>
      <ul className={styles.people}>
        {shown.map((person) => (
          <PersonCard key={person.email} person={person} />
        ))}
      </ul>
    </section>
  );
}

function PersonCard({ person }: { person: Person }) {
  const signedInEmail = useIdentity()?.email ?? '';
  const roles = useFetcher<PeopleChange>();
  const sessions = useFetcher<PeopleChange>();
  const removal = useFetcher<PeopleChange>();
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();
  const removalReasonId = useId();
  const removalBlocked = removalBlockedReason(person, signedInEmail);
  const identityProvider = useIdentityProvider();
  const changes = [roles, sessions, removal].flatMap((fetcher) =>
    fetcher.state === 'idle' && fetcher.data ? [fetcher.data] : [],
  );
  return (
    <li className={styles.person} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.email}>
        {person.email}
      </h3>
      <dl className={styles.facts}>
        <div>
          <dt>Last sign-in</dt>
          <dd>{person.lastSignInAt ? formatDateTime(person.lastSignInAt) : 'Never: invited, not signed in yet'}</dd>
        </div>
        <div>
          <dt>Active sessions</dt>
          <dd>{person.activeSessions}</dd>
        </div>
        {person.invitedAt && (
          <div>
            <dt>Invited</dt>
            <dd>
              {formatDateTime(person.invitedAt)}
              {person.invitedBy && ` by ${person.invitedBy}`}
            </dd>
          </div>
        )}
      </dl>
      {person.rolesFromIdentityProvider ? (
        <div className={styles.roles}>
          <dl className={styles.facts}>
            <div>
              <dt>Roles from {identityProvider?.name ?? 'the identity provider'}</dt>
              <dd>
                {person.roles.length > 0 ? person.roles.map((role) => STAFF_ROLE_TITLES[role]).join(', ') : 'None'}
              </dd>
            </div>
          </dl>
          <p className={styles.reason}>{PEOPLE_MESSAGES.identityProviderRoles}</p>
        </div>
      ) : (
        <roles.Form method="post" className={styles.roles}>
          <input type="hidden" name="intent" value="roles" />
          <input type="hidden" name="email" value={person.email} />
          {/* Loaded roles are the form's start: after a save the list loads again, and the form with it. */}
          <RoleChoices
            key={person.roles.join()}
            legend="Roles"
            checked={person.roles}
            lockedReason={(role) => lockedRoleReason(person, role, signedInEmail)}
          />
          <Button type="submit" variant="secondary" disabled={roles.state !== 'idle'}>
            Save roles
          </Button>
        </roles.Form>
      )}
      <div className={styles.actions}>
        <sessions.Form method="post">
          <input type="hidden" name="intent" value="sign-out" />
          <input type="hidden" name="email" value={person.email} />
          <Button type="submit" variant="secondary" disabled={sessions.state !== 'idle'}>
            Sign out everywhere
          </Button>
        </sessions.Form>
        <Button
          variant="secondary"
          disabled={removalBlocked !== undefined || removal.state !== 'idle'}
          aria-describedby={removalBlocked ? removalReasonId : undefined}
          onClick={() => setConfirming(true)}
        >
          Remove…
        </Button>
      </div>
      {removalBlocked && (
        <p id={removalReasonId} className={styles.reason}>
          {removalBlocked}
        </p>
      )}
      {changes.map((change) => (
        <ChangeOutcome key={change.intent} change={change} />
      ))}
      <Dialog open={confirming} onClose={() => setConfirming(false)} title={`Remove ${person.email}?`}>
        <p>
          Their sessions end at once and their roles go. They can still sign in again with their company address, as
          staff without a role.
        </p>
        {/* The dialog opens on its first button: the one that changes nothing. */}
        <removal.Form method="post" className={styles.confirm} onSubmit={() => setConfirming(false)}>
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="email" value={person.email} />
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Keep
          </Button>
          <Button type="submit">Remove</Button>
        </removal.Form>
      </Dialog>
    </li>
  );
}

/**
 * A checkbox per role. A role that cannot change here stays checked and disabled, its reason
 * shown under it; a hidden field sends it, as a disabled checkbox is not submitted.
 */
function RoleChoices({
  legend,
  checked,
  lockedReason = () => undefined,
}: {
  legend: string;
  checked: readonly StaffRole[];
  lockedReason?: (role: StaffRole) => string | undefined;
}) {
  const id = useId();
  return (
    <fieldset className={styles.choices}>
      <legend>{legend}</legend>
      {STAFF_ROLES.map((role) => {
        const reason = lockedReason(role);
        const reasonId = `${id}-${role}-reason`;
        return (
          <div key={role} className={styles.choice}>
            <input
              type="checkbox"
              id={`${id}-${role}`}
              name={reason ? undefined : ROLE_FIELD}
              value={role}
              defaultChecked={checked.includes(role)}
              disabled={reason !== undefined}
              aria-describedby={reason ? reasonId : undefined}
            />
            {reason && <input type="hidden" name={ROLE_FIELD} value={role} />}
            <label htmlFor={`${id}-${role}`}>{STAFF_ROLE_TITLES[role]}</label>
            {reason && (
              <p id={reasonId} className={styles.reason}>
                {reason}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

const DONE: Record<Intent, (email: string) => string> = {
  invite: (email) => `Invited ${email}.`,
  roles: () => 'Roles saved.',
  'sign-out': () => 'Signed out everywhere.',
  remove: (email) => `Removed ${email}.`,
};

function ChangeOutcome({ change }: { change: PeopleChange }) {
  if (change.outcome.kind !== 'ok') return <FailureAlert failure={change.outcome} />;
  return (
    <Alert role="status" tone="success">
      {DONE[change.intent](change.email)}
    </Alert>
  );
}
