import { DESTINATIONS } from '../../shared/navigation/navigation';
import { StaffToolPage, staffToolMeta } from '../../shared/identity/staff-tool-page';

export const meta = () =>
  staffToolMeta(
    DESTINATIONS.serviceMode,
    'Response keys for Cornerstone service mode. For company employees and service staff.',
  );

export default function ServiceModePage() {
  return <StaffToolPage destination={DESTINATIONS.serviceMode} />;
}
