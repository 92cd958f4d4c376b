import { allows, type Me, type StaffAccess, type StaffRole } from '@portal/contracts';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { useIdentity } from './identity-store';
import { refreshMyRoles, useMyRoles } from './my-roles';
import { RoleNeeded } from './role-needed';
import { SignInGate } from './sign-in-gate';
import type { StaffData } from './staff-data';
import type { IconProps } from '../components/icons';
import { PageHeader } from '../components/page-header';
import type { Destination } from '../navigation/navigation';
import { FailureAlert } from '../outcome/failure-alert';
import type { Outcome } from '../outcome/outcome';
import { pageMeta } from '../page-meta';

export function staffToolMeta(destination: Destination, description: string) {
  return pageMeta(destination.title, description);
}

/**
 * A staff screen's place in the site: its heading, the sign-in gate and the role rule.
 * Without a sign-in the tool is not rendered at all (its data goes with it, at once); when a
 * sign-in appears (this tab or another) after the loader ran without one, the loader runs
 * again. Without the role its destination declares (`Destination.access`), or when the server
 * refused the loader with 403, the role-needed page takes the tool's place (`StaffAccessGate`).
 * A tool still to be built shows the line below.
 */
export function StaffToolPage({
  destination,
  result,
  icon,
  children,
}: {
  destination: Destination;
  /** The tool's icon, the one of its tile on the service page. */
  icon?: ComponentType<IconProps>;
  /** The route's loader data, when it loads any. */
  result?: StaffData<unknown>;
  children?: ReactNode;
}) {
  const signedIn = useIdentity() !== undefined;
  const revalidator = useRevalidator();
  const loadedSignedOut = result?.kind === 'signed-out';
  useEffect(() => {
    if (signedIn && loadedSignedOut && revalidator.state === 'idle') void revalidator.revalidate();
  }, [signedIn, loadedSignedOut, revalidator]);
  return (
    <>
      <PageHeader title={destination.title} icon={icon} />
      <SignInGate>
        <StaffAccessGate access={destination.access ?? 'staff'} result={result}>
          {children ?? <p>This tool is not available in the portal yet; it is coming soon.</p>}
        </StaffAccessGate>
      </SignInGate>
    </>
  );
}

/** What a staff tool's place shows: the tool, a wait for the roles, or the role-needed page. */
export type StaffAccessView =
  | { show: 'tool' }
  | { show: 'checking' }
  | { show: 'role-needed'; role: StaffRole; message?: string; administrators: readonly string[] | undefined };

/**
 * The one role rule of the web app (the server applies it too, and is the authority): the
 * tool for those its access allows, the role-needed page for the rest. While the roles are on
 * their way a role tool waits; when they cannot be had the tool is shown and the server
 * decides. A 403 on the tool's loader means the role went since the roles were read: the
 * role-needed page, with the server's message.
 */
export function staffAccessView(
  access: StaffAccess,
  result: StaffData<unknown> | undefined,
  me: Outcome<Me> | undefined,
): StaffAccessView {
  if (access === 'staff') return { show: 'tool' };
  const administrators = me?.kind === 'ok' ? me.data.administrators : undefined;
  if (result?.kind === 'failed' && result.status === 403) {
    return { show: 'role-needed', role: access, message: result.message, administrators };
  }
  if (me === undefined) return { show: 'checking' };
  if (me.kind === 'ok' && !allows(me.data.roles, access)) return { show: 'role-needed', role: access, administrators };
  return { show: 'tool' };
}

/** `staffAccessView` on screen; a refusal by the server also reads the roles again (hub, account popover). */
export function StaffAccessGate({
  access,
  result,
  children,
}: {
  access: StaffAccess;
  result?: StaffData<unknown>;
  children: ReactNode;
}) {
  const view = staffAccessView(access, result, useMyRoles());
  const refused = view.show === 'role-needed' && view.message !== undefined;
  useEffect(() => {
    if (refused) refreshMyRoles();
  }, [refused]);
  if (view.show === 'checking') return <p role="status">Checking your roles…</p>;
  if (view.show === 'role-needed') {
    return <RoleNeeded role={view.role} message={view.message} administrators={view.administrators} />;
  }
  return children;
}

/**
 * A staff screen's loaded data, or what went wrong (SPEC §8, `FailureAlert`), or nothing while
 * signed out. `keepOnFailedReload`: a reload that got no answer, or a fault of the server's,
 * keeps the data last shown on the screen when this answers true for it (it is still the
 * screen's subject), its forms and their input with it, and says the reload failed above it.
 */
export function StaffDataView<T>({
  result,
  children,
  keepOnFailedReload,
}: {
  result: StaffData<T>;
  children: (data: T) => ReactNode;
  keepOnFailedReload?: (lastShown: T) => boolean;
}) {
  const [lastShown, setLastShown] = useState<{ data: T }>();
  // Only a view that keeps its data remembers it: the others render once per load.
  if (keepOnFailedReload && result.kind === 'ok' && result.data !== lastShown?.data) {
    setLastShown({ data: result.data });
  }
  if (result.kind === 'signed-out') return null;
  const reloadFailed =
    result.kind === 'failed' &&
    (result.status === 0 || result.status === null || result.status >= 500) &&
    lastShown !== undefined &&
    keepOnFailedReload?.(lastShown.data)
      ? result
      : undefined;
  if (result.kind !== 'ok' && !reloadFailed) return <FailureAlert failure={result} />;
  // The data keeps its place in the tree either way, so its forms are not made anew.
  return (
    <>
      {reloadFailed && <FailureAlert failure={reloadFailed} />}
      {children(result.kind === 'ok' ? result.data : lastShown!.data)}
    </>
  );
}
