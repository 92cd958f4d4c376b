import { DESTINATIONS } from '../../shared/navigation/navigation';
import { StaffToolPage, staffToolMeta } from '../../shared/identity/staff-tool-page';

export const meta = () =>
  staffToolMeta(
    DESTINATIONS.serviceProductsOptions,
    'The products and options of each Cornerstone family. For company employees and service staff.',
  );

export default function ProductsOptionsPage() {
  return <StaffToolPage destination={DESTINATIONS.serviceProductsOptions} />;
}
