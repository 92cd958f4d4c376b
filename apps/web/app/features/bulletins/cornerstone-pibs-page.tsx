import {
  CORNERSTONE_PRODUCT,
  INVALID_PIB_REGISTRATION_ID,
  registrationIdAuthorization,
  type Pib,
} from '@portal/contracts';
import { RegistrationIdHelp, RegistrationIdWhere, useLookupBusy } from '../../shared/lookup/lookup-form';
import { runLookup, type LookupState } from '../../shared/lookup/run-lookup';
import { pageMeta } from '../../shared/page-meta';
import type { Route } from './+types/cornerstone-pibs-page';
import { getBulletins } from '../../shared/api/get-bulletins';
import { BulletinsView } from './bulletins-view';

export const meta = () =>
  pageMeta('Product Information Bulletins', 'Product Information Bulletins for your Cornerstone registration ID.');

export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<LookupState<Pib[]>> {
  return runLookup(
    request,
    (registrationId, signal) => getBulletins(registrationIdAuthorization(registrationId), signal),
    INVALID_PIB_REGISTRATION_ID,
    'Looked up PIBs',
  );
}
// The search in the URL must run when the page is opened, not only on navigation.
clientLoader.hydrate = true as const;

const VIEW = {
  title: 'Product Information Bulletins',
  lead: 'Enter your registration ID to see the Product Information Bulletins of your Cornerstone versions.',
  product: CORNERSTONE_PRODUCT,
  label: 'Registration ID',
  whereIsThis: <RegistrationIdHelp />,
  whereInShort: <RegistrationIdWhere />,
};

export function HydrateFallback() {
  return <BulletinsView {...VIEW} state={{ registrationId: '' }} busy={false} />;
}

export default function CornerstonePibsPage({ loaderData }: Route.ComponentProps) {
  return <BulletinsView {...VIEW} state={loaderData} busy={useLookupBusy()} />;
}
