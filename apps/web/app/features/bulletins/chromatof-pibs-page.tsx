import { INVALID_KEY_ID, keyIdAuthorization, type Pib } from '@portal/contracts';
import { KeyIdHelp, KeyIdWhere, useLookupBusy } from '../../shared/lookup/lookup-form';
import { runLookup, type LookupState } from '../../shared/lookup/run-lookup';
import { pageMeta } from '../../shared/page-meta';
import type { Route } from './+types/chromatof-pibs-page';
import { getBulletins } from '../../shared/api/get-bulletins';
import { BulletinsView } from './bulletins-view';

export const meta = () =>
  pageMeta('ChromaTOF Product Information Bulletins', 'Product Information Bulletins for your ChromaTOF key ID.');

/** The query parameter is named registrationId but carries the key ID (SPEC §2). */
export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<LookupState<Pib[]>> {
  return runLookup(
    request,
    (keyId, signal) => getBulletins(keyIdAuthorization(keyId), signal),
    INVALID_KEY_ID,
    'Looked up PIBs',
  );
}
// The search in the URL must run when the page is opened, not only on navigation.
clientLoader.hydrate = true as const;

const VIEW = {
  title: 'ChromaTOF Product Information Bulletins',
  lead: 'Enter your key ID to see the Product Information Bulletins of ChromaTOF.',
  product: 'ChromaTOF',
  label: 'Key ID',
  whereIsThis: <KeyIdHelp />,
  whereInShort: <KeyIdWhere />,
};

export function HydrateFallback() {
  return <BulletinsView {...VIEW} state={{ registrationId: '' }} busy={false} />;
}

export default function ChromatofPibsPage({ loaderData }: Route.ComponentProps) {
  return <BulletinsView {...VIEW} state={loaderData} busy={useLookupBusy()} />;
}
