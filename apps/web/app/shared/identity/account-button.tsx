import { STAFF_ROLE_TITLES, type StaffRole } from '@portal/contracts';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { href } from '../navigation/navigation';
import { signOut, useIdentity } from './identity-store';
import { useMyRoles } from './my-roles';
import styles from './account-button.module.css';

const POPOVER_ID = 'account-popover';

/** In the navigation while signed in: the e-mail, opening a popover with the roles, Sign out and the service page. */
export function AccountButton() {
  const identity = useIdentity();
  const [open, setOpen] = useState(false);
  const popover = useRef<HTMLDivElement>(null);
  if (!identity) return null;
  const close = () => popover.current?.hidePopover();
  return (
    <div className={styles.account}>
      <button type="button" className={styles.button} popoverTarget={POPOVER_ID} aria-haspopup="dialog">
        {identity.email}
      </button>
      <div
        ref={popover}
        id={POPOVER_ID}
        popover="auto"
        className={styles.popover}
        aria-label="Account"
        onToggle={(event) => setOpen(event.newState === 'open')}
      >
        <p className={styles.signedInAs}>
          Signed in as <strong>{identity.email}</strong>
        </p>
        {/* Asked for only once opened: a public page does not ask the server who someone is. */}
        {open && <AccountRoles />}
        <Link to={href('service')} className={styles.item} onClick={close}>
          View service page
        </Link>
        <button
          type="button"
          className={styles.item}
          onClick={() => {
            close();
            signOut();
          }}
        >
          Sign out
        </button>
      </div>
    </div>
  );
}

function AccountRoles() {
  const me = useMyRoles();
  if (me === undefined) return <p className={styles.roles}>Roles: checking…</p>;
  return me.kind === 'ok' ? <p className={styles.roles}>{rolesLine(me.data.roles)}</p> : null;
}

/** The person's roles in words; without one, what every staff member may use. */
export function rolesLine(roles: readonly StaffRole[]): string {
  if (roles.length === 0) return 'Roles: none (the read-only tools)';
  return `Roles: ${roles.map((role) => STAFF_ROLE_TITLES[role]).join(', ')}`;
}
