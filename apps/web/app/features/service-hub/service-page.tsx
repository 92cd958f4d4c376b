import { ExternalLink } from '../../shared/components/external-link';
import {
  ChartIcon,
  ChromatofIcon,
  KeyIcon,
  LockIcon,
  OptionsIcon,
  ReleasesIcon,
  ServiceIcon,
} from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/page-header';
import { TileList } from '../../shared/components/tile-list';
import { SignInGate } from '../../shared/identity/sign-in-gate';
import { DESTINATIONS, href } from '../../shared/navigation/navigation';
import { pageMeta } from '../../shared/page-meta';
import { SITE_LINKS } from '../../shared/site-links';
import page from '../../styles/page.module.css';
import { FeedReissue } from './feed-reissue';

export const meta = () =>
  pageMeta(DESTINATIONS.service.title, 'Instrument service, and the tools for company employees and service staff.');

const D = DESTINATIONS;

const CORNERSTONE_TOOLS = [
  {
    title: D.serviceReleases.title,
    to: href('serviceReleases'),
    icon: ReleasesIcon,
    text: 'Every release, its families and its PIBs.',
  },
  {
    title: D.serviceProductsOptions.title,
    to: href('serviceProductsOptions'),
    icon: OptionsIcon,
    text: 'The products, analytes, packages and features of each family.',
  },
  {
    title: D.serviceMode.title,
    to: href('serviceMode'),
    icon: KeyIcon,
    text: 'Get the response key for a challenge key to enter service mode.',
  },
  {
    title: D.servicePasswordReset.title,
    to: href('servicePasswordReset'),
    icon: LockIcon,
    text: 'Reset a forgotten Administrator password of Cornerstone.',
  },
];

const CHROMATOF_TOOLS = [
  {
    title: D.serviceChromatofReleases.title,
    to: href('serviceChromatofReleases'),
    icon: ChromatofIcon,
    text: 'The latest released version of each ChromaTOF product.',
  },
];

const PORTAL_TOOLS = [
  {
    title: D.serviceUsage.title,
    to: href('serviceUsage'),
    icon: ChartIcon,
    text: 'Page views, downloads, lookups, feed fetches and errors per day, counted anonymously.',
  },
];

export default function ServicePage() {
  return (
    <>
      <PageHeader title={DESTINATIONS.service.title} icon={ServiceIcon}>
        Instrument service, and the tools for company employees and service staff.
      </PageHeader>
      <section className={page.section} aria-labelledby="instrument-service">
        <h2 id="instrument-service">Instrument service</h2>
        <p>Request a service visit, order parts or ask our service engineers a question.</p>
        <p>
          <ExternalLink href={SITE_LINKS.instrumentService}>Go to instrument service</ExternalLink>
        </p>
      </section>
      <section aria-labelledby="staff-tools">
        <h2 id="staff-tools">Tools for company employees and service staff</h2>
        <SignInGate>
          <h3>Cornerstone</h3>
          <TileList tiles={CORNERSTONE_TOOLS} headingLevel={3} />
          <h3>ChromaTOF</h3>
          <TileList tiles={CHROMATOF_TOOLS} headingLevel={3} />
          <h3>Portal</h3>
          <TileList tiles={PORTAL_TOOLS} headingLevel={3} />
          <FeedReissue />
        </SignInGate>
      </section>
    </>
  );
}
