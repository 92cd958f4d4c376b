import { DESTINATIONS } from '../../shared/navigation/navigation';
import { StaffToolPage, staffToolMeta } from '../../shared/identity/staff-tool-page';

export const meta = () =>
  staffToolMeta(
    DESTINATIONS.serviceChromatofReleases,
    'The latest released ChromaTOF versions. For company employees and service staff.',
  );

export default function ChromatofReleasesPage() {
  return <StaffToolPage destination={DESTINATIONS.serviceChromatofReleases} />;
}
