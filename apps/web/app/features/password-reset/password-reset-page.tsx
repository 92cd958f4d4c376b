import { DESTINATIONS } from '../../shared/navigation/navigation';
import { StaffToolPage, staffToolMeta } from '../../shared/identity/staff-tool-page';

export const meta = () =>
  staffToolMeta(
    DESTINATIONS.servicePasswordReset,
    'Reset a Cornerstone Administrator password. For company employees and service staff.',
  );

export default function PasswordResetPage() {
  return <StaffToolPage destination={DESTINATIONS.servicePasswordReset} />;
}
