import type { ReactNode } from 'react';
import { SignInGate } from './sign-in-gate';
import type { Destination } from '../navigation/navigation';
import { pageMeta } from '../page-meta';

export function staffToolMeta(destination: Destination, description: string) {
  return pageMeta(destination.title, description);
}

/**
 * A staff screen's place in the site: its heading and the sign-in gate around the tool
 * (`children`), which shows only to the signed-in and goes the moment the identity does.
 * A tool still to come shows the line below.
 */
export function StaffToolPage({ destination, children }: { destination: Destination; children?: ReactNode }) {
  return (
    <>
      <h1>{destination.title}</h1>
      <SignInGate>{children ?? <p>This tool is not available in the portal yet; it is coming soon.</p>}</SignInGate>
    </>
  );
}
