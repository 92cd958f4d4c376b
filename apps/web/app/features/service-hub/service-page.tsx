import { allows, FEED_REISSUE_ACCESS } from '@portal/contracts';
import { Fragment } from 'react';
import { ExternalLink } from '../../shared/components/external-link';
import {
  AuditIcon,
  ChartIcon,
  ChromatofIcon,
  DocumentIcon,
  KeyIcon,
  LockIcon,
  OptionsIcon,
  PeopleIcon,
  PublishingIcon,
  ReleasesIcon,
  ServiceIcon,
  ShieldIcon,
} from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/page-header';
import { TileList } from '../../shared/components/tile-list';
import { useMyRoles } from '../../shared/identity/my-roles';
import { SignInGate } from '../../shared/identity/sign-in-gate';
import { LocalLink } from '../../shared/i18n/local-link';
import { DESTINATIONS } from '../../shared/navigation/navigation';
import { placeName } from '../../shared/navigation/place-name';
import { FailureAlert } from '../../shared/outcome/failure-alert';
import { pageMeta } from '../../shared/page-meta';
import { SITE_LINKS } from '../../shared/site-links';
import page from '../../styles/page.module.css';
import { FeedReissue } from './feed-reissue';
import * as m from './service-hub.messages';
import { tilesFor, type StaffTile } from './staff-tiles';

export const meta = () => pageMeta(placeName(DESTINATIONS.service), m.intro);

const CORNERSTONE_TOOLS: readonly StaffTile[] = [
  { destination: 'serviceReleases', icon: ReleasesIcon, text: 'Every release, its families and its PIBs.' },
  {
    destination: 'serviceProductsOptions',
    icon: OptionsIcon,
    text: 'The products, analytes, packages and features of each family.',
  },
  {
    destination: 'serviceMode',
    icon: KeyIcon,
    text: 'Get the response key for a challenge key to enter service mode.',
  },
  {
    destination: 'servicePasswordReset',
    icon: LockIcon,
    text: 'Reset a forgotten Administrator password of Cornerstone.',
  },
];

const CHROMATOF_TOOLS: readonly StaffTile[] = [
  {
    destination: 'serviceChromatofReleases',
    icon: ChromatofIcon,
    text: 'The latest released version of each ChromaTOF product.',
  },
];

const PORTAL_TOOLS: readonly StaffTile[] = [
  {
    destination: 'serviceComponents',
    icon: DocumentIcon,
    text: 'Which published releases ship a component, from their software bills of materials.',
  },
  {
    destination: 'serviceUsage',
    icon: ChartIcon,
    text: 'Page views, downloads, lookups, feed fetches and errors per day, counted anonymously.',
  },
  { destination: 'servicePeople', icon: PeopleIcon, text: 'Who may use the staff tools, and with which roles.' },
  { destination: 'serviceAudit', icon: AuditIcon, text: 'The hash-chained log of staff acts, and its verification.' },
  {
    destination: 'servicePublishing',
    icon: PublishingIcon,
    text: "The catalogue's change history; withdraw and restore published files.",
  },
  {
    destination: 'serviceTokens',
    icon: KeyIcon,
    text: 'API tokens that let a build pipeline publish releases with portal-publish.',
  },
  {
    destination: 'serviceSecurity',
    icon: ShieldIcon,
    text: 'Draft, publish and revise security advisories and not-affected statements.',
  },
];

const TOOL_GROUPS = [
  { title: 'Cornerstone', tools: CORNERSTONE_TOOLS },
  { title: 'ChromaTOF', tools: CHROMATOF_TOOLS },
  { title: 'Portal', tools: PORTAL_TOOLS },
] as const;

export default function ServicePage() {
  return (
    <>
      <PageHeader title={placeName(DESTINATIONS.service)} icon={ServiceIcon}>
        {m.intro}
      </PageHeader>
      <section className={page.section} aria-labelledby="instrument-service">
        <h2 id="instrument-service">{m.instrumentService}</h2>
        <p>{m.instrumentServiceText}</p>
        <p>
          <ExternalLink href={SITE_LINKS.instrumentService}>{m.goToInstrumentService}</ExternalLink>
        </p>
      </section>
      <section className={page.section} aria-labelledby="security">
        <h2 id="security">{m.security}</h2>
        <p>
          {m.securityText({
            advisories: (chunks, key) => (
              <LocalLink key={key} to={DESTINATIONS.security.url}>
                {chunks}
              </LocalLink>
            ),
            report: (chunks, key) => (
              <LocalLink key={key} to={DESTINATIONS.securityPolicy.url}>
                {chunks}
              </LocalLink>
            ),
          })}
        </p>
      </section>
      <section aria-labelledby="staff-tools">
        <h2 id="staff-tools">{m.staffTools}</h2>
        {/* The staff screens, and the sign-in that leads to them, are in English (decision 281). */}
        <div lang="en">
          <SignInGate>
            <StaffTools />
          </SignInGate>
        </div>
      </section>
    </>
  );
}

/**
 * The tools this person may use. Their roles are read again each time the page opens, so a
 * role given or taken away shows here without a reload; until they are here (or when they
 * cannot be had) the tools every staff member may use are shown.
 */
function StaffTools() {
  const me = useMyRoles({ refresh: true });
  const roles = me?.kind === 'ok' ? me.data.roles : [];
  return (
    <>
      {TOOL_GROUPS.map(({ title, tools }) => {
        const tiles = tilesFor(tools, roles);
        return (
          tiles.length > 0 && (
            <Fragment key={title}>
              <h3>{title}</h3>
              <TileList tiles={tiles} headingLevel={3} />
            </Fragment>
          )
        );
      })}
      {me !== undefined && me.kind !== 'ok' && <FailureAlert failure={me} />}
      {allows(roles, FEED_REISSUE_ACCESS) && <FeedReissue />}
    </>
  );
}
