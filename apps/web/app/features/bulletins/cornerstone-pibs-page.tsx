import { CORNERSTONE_PRODUCT, registrationIdAuthorization, type Pib } from '@portal/contracts';
import { RegistrationIdHelp, RegistrationIdWhere, useLookupBusy } from '../../shared/lookup/lookup-form';
import { registrationId } from '../../shared/lookup/lookup.messages';
import { prerenderedLookup, runLookup, type LookupState } from '../../shared/lookup/run-lookup';
import { pageMeta } from '../../shared/page-meta';
import type { Route } from './+types/cornerstone-pibs-page';
import { getBulletins } from '../../shared/api/get-bulletins';
import * as m from './bulletins.messages';
import { BulletinsView } from './bulletins-view';

export const meta = () => pageMeta(m.productInformationBulletins, m.cornerstoneDescription);

export const loader = prerenderedLookup;

export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<LookupState<Pib[]>> {
  return runLookup(
    request,
    (registrationId, signal) => getBulletins(registrationIdAuthorization(registrationId), signal),
    // SPEC §8's text for a refused ID, in the page's language.
    m.invalidRegistrationId,
    'Looked up PIBs',
  );
}
// The search in the URL must run when the page is opened, not only on navigation.
clientLoader.hydrate = true as const;

/** Made as the page renders: prerendering writes each language's words in turn. */
const view = () => ({
  title: m.productInformationBulletins,
  lead: m.cornerstoneLead,
  product: CORNERSTONE_PRODUCT,
  label: registrationId,
  idKind: 'registration' as const,
  whereIsThis: <RegistrationIdHelp />,
  whereInShort: <RegistrationIdWhere />,
});

export default function CornerstonePibsPage({ loaderData }: Route.ComponentProps) {
  return <BulletinsView {...view()} state={loaderData} busy={useLookupBusy()} />;
}
