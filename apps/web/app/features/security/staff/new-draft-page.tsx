import { Link } from 'react-router';
import { ShieldIcon } from '../../../shared/components/icons';
import { PageHeader } from '../../../shared/components/page-header';
import { loadStaffData } from '../../../shared/identity/staff-data';
import { StaffDataView, StaffToolPage, staffToolMeta } from '../../../shared/identity/staff-tool-page';
import { DESTINATIONS, NEW_ADVISORY } from '../../../shared/navigation/navigation';
import { getSecurityReleases } from '../api/get-security-releases';
import type { Route } from './+types/new-draft-page';
import { newDraftForm } from './draft-form';
import { DraftScreen } from './draft-screen';
import { newDraftRequest } from './new-draft-kind';

export const meta = () =>
  staffToolMeta(NEW_ADVISORY, 'A new security advisory or not-affected statement. For the security team.');

/** The catalogue's releases for the pickers; the kind and the preselected affected releases from the URL. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const wanted = newDraftRequest(new URL(request.url));
  const result = await loadStaffData(request, (signal) => getSecurityReleases(signal));
  return { wanted, result };
}
// Staff screens are browser-only pages: their loader runs when the page is opened.
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageHeader title={NEW_ADVISORY.title} icon={ShieldIcon} />;
}

export default function NewDraftPage({ loaderData }: Route.ComponentProps) {
  const { wanted, result } = loaderData;
  const title = wanted.kind === 'vex' ? 'New not-affected statement (VEX)' : 'New advisory';
  return (
    <StaffToolPage destination={{ ...NEW_ADVISORY, title }} icon={ShieldIcon} result={result}>
      <p>
        <Link to={DESTINATIONS.serviceSecurity.url}>Back to Security Advisories</Link>
      </p>
      <StaffDataView result={result}>
        {({ releases }) => (
          <DraftScreen
            // Another kind or another preselection is another form.
            key={`${wanted.kind} ${wanted.affected.join(' ')}`}
            draft={undefined}
            initialForm={newDraftForm(wanted.kind, wanted.affected)}
            releases={releases}
          />
        )}
      </StaffDataView>
    </StaffToolPage>
  );
}
