import { DESTINATIONS } from '../../shared/navigation/navigation';
import { StaffToolPage, staffToolMeta } from '../../shared/identity/staff-tool-page';

export const meta = () =>
  staffToolMeta(
    DESTINATIONS.serviceReleases,
    'Cornerstone releases by family, with their PIBs. For company employees and service staff.',
  );

export default function ReleasesPage() {
  return <StaffToolPage destination={DESTINATIONS.serviceReleases} />;
}
