import { useEffect, type ComponentType, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { useIdentity } from './identity-store';
import { SignInGate } from './sign-in-gate';
import type { StaffData } from './staff-data';
import type { IconProps } from '../components/icons';
import { PageHeader } from '../components/page-header';
import type { Destination } from '../navigation/navigation';
import { FailureAlert } from '../outcome/failure-alert';
import { pageMeta } from '../page-meta';

export function staffToolMeta(destination: Destination, description: string) {
  return pageMeta(destination.title, description);
}

/**
 * A staff screen's place in the site: its heading and the sign-in gate. Without a sign-in
 * the tool is not rendered at all (its data goes with it, at once); when a sign-in appears
 * (this tab or another) after the loader ran without one, the loader runs again. A tool
 * still to be built shows the line below.
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
      <SignInGate>{children ?? <p>This tool is not available in the portal yet; it is coming soon.</p>}</SignInGate>
    </>
  );
}

/** A staff screen's loaded data, or what went wrong (SPEC §8, `FailureAlert`), or nothing while signed out. */
export function StaffDataView<T>({ result, children }: { result: StaffData<T>; children: (data: T) => ReactNode }) {
  if (result.kind === 'signed-out') return null;
  if (result.kind !== 'ok') return <FailureAlert failure={result} />;
  return children(result.data);
}
