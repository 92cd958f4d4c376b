import { roleRequiredMessage, STAFF_ROLE_POWERS, STAFF_ROLE_TITLES, type StaffRole } from '@portal/contracts';
import { Link } from 'react-router';
import { Alert } from '../components/ui/alert';
import { href } from '../navigation/navigation';

/**
 * What a staff tool shows in its place to someone without its role (opened by URL, or the
 * role taken away since): which role it needs, what that role allows, and whom to ask. The
 * message is the server's own 403 text when the server refused (`roleRequiredMessage`).
 */
export function RoleNeeded({
  role,
  message = roleRequiredMessage(role),
  administrators,
}: {
  role: StaffRole;
  message?: string;
  /** Whom to ask (`Me.administrators`); undefined when the portal could not say. */
  administrators: readonly string[] | undefined;
}) {
  return (
    <section aria-labelledby="role-needed">
      <h2 id="role-needed">You need the {STAFF_ROLE_TITLES[role]} role</h2>
      <Alert tone="warning">{message}</Alert>
      <p>
        The {STAFF_ROLE_TITLES[role]} role allows: {STAFF_ROLE_POWERS[role]}.
      </p>
      {administrators === undefined ? null : administrators.length === 0 ? (
        <p>No administrator is set up yet. The portal&apos;s operator names the first ones in ADMIN_EMAILS.</p>
      ) : (
        <>
          <p>{administrators.length === 1 ? 'The administrator is:' : 'The administrators are:'}</p>
          <ul>
            {administrators.map((email) => (
              <li key={email}>
                <a href={`mailto:${email}`}>{email}</a>
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <Link to={href('service')}>Back to the service page</Link>
      </p>
    </section>
  );
}
