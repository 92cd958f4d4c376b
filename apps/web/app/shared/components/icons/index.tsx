/* The portal's icons, drawn for it (docs/web-app.md, "Icons"). Named exports only: unused ones are shaken out. */
import { Icon, type IconProps } from './icon';

export type { IconProps };
// The tiles' icons are their own module: Home draws only these and loads no other icon (decision 252).
export { ArrowRightIcon, ChromatofIcon, CornerstoneIcon, MetallographicsIcon, MobileIcon } from './tile-icons';

/** PX series: a grinding and polishing disc, seen from above. */
export function PxIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="5" />
      <circle cx="12" cy="12" r="1" />
    </Icon>
  );
}

/** MX series: a mounting press with its cylinder. */
export function MxIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 21h14M7 21V9h10v12" />
      <path d="M9 9V5h6v4M10 3h4" />
      <rect x="9.5" y="13" width="5" height="4" rx="1" />
    </Icon>
  );
}

/** CX series: a cut-off wheel. */
export function CxIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <circle cx="12" cy="12" r="2" />
      <path d="M12 3.5v3M20.5 12h-3M12 20.5v-3M3.5 12h3M18 6l-2 2M6 18l2-2M18 18l-2-2M6 6l2 2" />
    </Icon>
  );
}

/** Firmware: a chip. */
export function FirmwareIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="6" y="6" width="12" height="12" rx="1.5" />
      <rect x="9.5" y="9.5" width="5" height="5" />
      <path d="M9 2.5V6M15 2.5V6M9 18v3.5M15 18v3.5M2.5 9H6M2.5 15H6M18 9h3.5M18 15h3.5" />
    </Icon>
  );
}

/** Service: a wrench. */
export function ServiceIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M14.5 6.5a4 4 0 0 0 5 5l-9 9a2.1 2.1 0 0 1-3-3l9-9a4 4 0 0 1-2-2z" />
      <path d="M15.5 3.2a4 4 0 0 1 5.3 5.3l-2.8-.5-2-2z" />
    </Icon>
  );
}

/** Releases & PIBs: a list of versions with check marks. */
export function ReleasesIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3.5 6l1.5 1.5L8 4.5M3.5 12.5l1.5 1.5 3-3M3.5 19l1.5 1.5 3-3" />
      <path d="M11 6h9.5M11 12.5h9.5M11 19h9.5" />
    </Icon>
  );
}

/** Products & Options: sliders. */
export function OptionsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
      <circle cx="16" cy="6" r="2" />
      <circle cx="10" cy="12" r="2" />
      <circle cx="18" cy="18" r="2" />
    </Icon>
  );
}

/** Service Mode: a key. */
export function KeyIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="8" cy="15" r="4.5" />
      <path d="M11.5 12L20 3.5M16.5 7l2.5 2.5M14.5 9l2 2" />
    </Icon>
  );
}

/** Password Reset: a padlock. */
export function LockIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="4.5" y="10.5" width="15" height="10.5" rx="2" />
      <path d="M8 10.5V7a4 4 0 0 1 8 0v3.5M12 14.5v3" />
    </Icon>
  );
}

/** Usage: a bar chart. */
export function ChartIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3.5 20.5h17" />
      <rect x="5" y="11" width="3" height="7" />
      <rect x="10.5" y="6" width="3" height="12" />
      <rect x="16" y="13" width="3" height="5" />
    </Icon>
  );
}

/** People: two people, one before the other. */
export function PeopleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c0-3.6 2.9-6.5 6.5-6.5s6.5 2.9 6.5 6.5" />
      <path d="M15.5 4.8a3.5 3.5 0 0 1 0 6.4M18 13.9c2.1 1 3.5 3.2 3.5 5.6" />
    </Icon>
  );
}

/** Audit Log: a ledger whose lines are linked, one to the next. */
export function AuditIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="4" y="2.5" width="16" height="19" rx="1.5" />
      <path d="M8 7.5h8M8 12h8M8 16.5h5" />
    </Icon>
  );
}

/** Publishing: a box the catalogue goes out in, with an arrow up. */
export function PublishingIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3.5 13.5v6a1.5 1.5 0 0 0 1.5 1.5h14a1.5 1.5 0 0 0 1.5-1.5v-6" />
      <path d="M12 15.5V3M7.5 7.5L12 3l4.5 4.5" />
    </Icon>
  );
}

/** Privacy: a shield. */
export function ShieldIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 2.5l7.5 3v6c0 4.5-3.2 8.3-7.5 10-4.3-1.7-7.5-5.5-7.5-10v-6z" />
      <path d="M9 12l2.2 2.2L15.5 10" />
    </Icon>
  );
}

/** A download: an arrow into a tray. */
export function DownloadIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3.5v11M7.5 10l4.5 4.5 4.5-4.5" />
      <path d="M4 16.5v3h16v-3" />
    </Icon>
  );
}

/** Release notes and bulletins: a document. */
export function DocumentIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 2.5h8l4.5 4.5v14.5H6z" />
      <path d="M14 2.5V7h4.5M9 12h6.5M9 15.5h6.5M9 19h4" />
    </Icon>
  );
}

/** Something new: a sparkle. */
export function SparkleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8z" />
      <path d="M19 16v4M17 18h4" />
    </Icon>
  );
}
