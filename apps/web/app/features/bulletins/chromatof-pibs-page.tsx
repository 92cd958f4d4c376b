import { keyIdAuthorization, type Pib } from '@portal/contracts';
import { KeyIdHelp, KeyIdWhere, useLookupBusy } from '../../shared/lookup/lookup-form';
import { keyId } from '../../shared/lookup/lookup.messages';
import { prerenderedLookup, runLookup, type LookupState } from '../../shared/lookup/run-lookup';
import { pageMeta } from '../../shared/page-meta';
import type { Route } from './+types/chromatof-pibs-page';
import { getBulletins } from '../../shared/api/get-bulletins';
import * as m from './bulletins.messages';
import { BulletinsView } from './bulletins-view';

export const meta = () => pageMeta(m.chromatofTitle, m.chromatofDescription);

export const loader = prerenderedLookup;

/** The query parameter is named registrationId but carries the key ID (SPEC §2). */
export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<LookupState<Pib[]>> {
  return runLookup(
    request,
    (keyId, signal) => getBulletins(keyIdAuthorization(keyId), signal),
    // SPEC §8's text for a refused key ID, in the page's language.
    m.invalidKeyId,
    'Looked up PIBs',
  );
}
// The search in the URL must run when the page is opened, not only on navigation.
clientLoader.hydrate = true as const;

/** Made as the page renders: prerendering writes each language's words in turn. */
const view = () => ({
  title: m.chromatofTitle,
  lead: m.chromatofLead,
  product: 'ChromaTOF',
  label: keyId,
  idKind: 'key' as const,
  whereIsThis: <KeyIdHelp />,
  whereInShort: <KeyIdWhere />,
});

export default function ChromatofPibsPage({ loaderData }: Route.ComponentProps) {
  return <BulletinsView {...view()} state={loaderData} busy={useLookupBusy()} />;
}
