import { Link } from 'react-router';
import { ShieldIcon } from '../../../shared/components/icons';
import { PageHeader } from '../../../shared/components/page-header';
import { loadStaffData } from '../../../shared/identity/staff-data';
import { StaffDataView, StaffToolPage, staffToolMeta } from '../../../shared/identity/staff-tool-page';
import { ADVISORY_DRAFT, DESTINATIONS } from '../../../shared/navigation/navigation';
import { getAdvisoryDraft } from '../api/get-advisory-draft';
import { getSecurityReleases } from '../api/get-security-releases';
import type { Route } from './+types/draft-page';
import { formOf } from './draft-form';
import { DraftScreen } from './draft-screen';

export const meta = () =>
  staffToolMeta(
    ADVISORY_DRAFT,
    'A draft of a security advisory: its fields, preview and publish. For the security team.',
  );

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const result = await loadStaffData(request, async (signal) => {
    const [draft, { releases }] = await Promise.all([getAdvisoryDraft(params.id, signal), getSecurityReleases(signal)]);
    return { draft, releases };
  });
  return { result };
}
// Staff screens are browser-only pages: their loader runs when the page is opened.
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageHeader title={ADVISORY_DRAFT.title} icon={ShieldIcon} />;
}

export default function AdvisoryDraftPage({ loaderData }: Route.ComponentProps) {
  const { result } = loaderData;
  const title = result.kind === 'ok' ? `Draft: ${result.data.draft.content.title}` : ADVISORY_DRAFT.title;
  return (
    <StaffToolPage destination={{ ...ADVISORY_DRAFT, title }} icon={ShieldIcon} result={result}>
      <p>
        <Link to={DESTINATIONS.serviceSecurity.url}>Back to Security Advisories</Link>
      </p>
      <StaffDataView result={result}>
        {({ draft, releases }) => (
          // The form is typed state: a save's revalidation must not reset it, another draft must.
          <DraftScreen key={draft.id} draft={draft} initialForm={formOf(draft.content)} releases={releases} />
        )}
      </StaffDataView>
    </StaffToolPage>
  );
}
