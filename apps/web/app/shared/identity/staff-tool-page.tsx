import { SignInGate } from './sign-in-gate';
import type { Destination } from '../navigation/navigation';
import { pageMeta } from '../page-meta';

export function staffToolMeta(destination: Destination, description: string) {
  return pageMeta(destination.title, description);
}

/**
 * A staff screen's place in the site: its heading and the sign-in gate. The tools
 * themselves arrive with their own issues and replace the line below.
 */
export function StaffToolPage({ destination }: { destination: Destination }) {
  return (
    <>
      <h1>{destination.title}</h1>
      <SignInGate>
        <p>This tool is not available in the portal yet; it is coming soon.</p>
      </SignInGate>
    </>
  );
}
