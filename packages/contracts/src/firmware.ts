/**
 * Firmware paths, names and texts: apart from the schemas of firmware-metadata.ts, so the
 * firmware pages do not bundle TypeBox.
 */

/** The metallographic instruments whose firmware the portal publishes (SPEC §1). */
export const FIRMWARE_INSTRUMENT_NAMES = ['MX', 'PX', 'CX'] as const;
export type FirmwareInstrumentName = (typeof FIRMWARE_INSTRUMENT_NAMES)[number];

/**
 * Public, stable paths (no credential): what an instrument, a script or the firmware
 * pages fetch. Not under /v1: they are files, cached by any HTTP cache, and their
 * addresses are printed in docs/firmware.md and may be burnt into instruments.
 */
export const FIRMWARE_PATHS = {
  metadata: '/firmware/metadata.json',
  /** The detached Ed25519 signature of the metadata file's exact bytes (64 raw bytes). */
  signature: '/firmware/metadata.json.sig',
  /** The public key that verifies the signature (SPKI, PEM). */
  signingKey: '/firmware/signing-key.pem',
  update: '/firmware/:version/update.zip',
  /** A release's notes as plain text, shown in the browser (inline), never run. */
  releaseNotes: '/firmware/:version/release-notes.txt',
  /** A release's software bill of materials (docs/sbom.md), public like its update.zip. */
  sbom: '/firmware/:version/sbom.cdx.json',
  /** Every published release of every instrument, newest first: what the firmware pages list. */
  releases: '/firmware/releases.json',
} as const;

/** SPEC §7: the firmware download URL has the form firmware/{version}/update.zip. */
export function firmwareUpdatePath(version: string): string {
  return FIRMWARE_PATHS.update.replace(':version', encodeURIComponent(version));
}

/** Where a release's SBOM is downloaded, when it has one. */
export function firmwareSbomPath(version: string): string {
  return FIRMWARE_PATHS.sbom.replace(':version', encodeURIComponent(version));
}

/** Where a release's notes are read as text. */
export function firmwareReleaseNotesPath(version: string): string {
  return FIRMWARE_PATHS.releaseNotes.replace(':version', encodeURIComponent(version));
}

/**
 * What a firmware version name may be: it is a path segment of its download URL, so
 * letters, digits, dots, dashes and underscores only. Names are unique across the
 * instruments, since the URL does not name the instrument.
 */
export const FIRMWARE_VERSION_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$';

/** SPEC §5: three digits, three digits, three digits; shown as 'v' plus the last three. */
const DISPLAYED_FIRMWARE_NAME = /^\d{3}\.\d{3}\.(\d{3})$/;

/** The name a person sees for a firmware version (SPEC §5): `001.002.003` → `v003`; anything else as it is. */
export function firmwareDisplayName(versionName: string): string {
  const match = DISPLAYED_FIRMWARE_NAME.exec(versionName);
  return match ? `v${match[1]}` : versionName;
}

/**
 * SPEC §5's name and the version as the maker writes it, for text that names a release once:
 * `002.002.010` → `v010 (002.002.010)` (a lab records the full version); a name outside the
 * pattern shows once, as written (docs/decisions/137-firmware-pages-that-answer.md).
 */
export function firmwareFullName(versionName: string): string {
  const shown = firmwareDisplayName(versionName);
  return shown === versionName ? versionName : `${shown} (${versionName})`;
}

/**
 * How a person reads one firmware release, wherever it is named once as a whole (a heading,
 * a feed entry, a reference): `PX firmware v010 (002.002.010)`; `MX firmware 1.2.3`.
 */
export function firmwareReleaseName(instrument: string, versionName: string): string {
  return `${instrument} firmware ${firmwareFullName(versionName)}`;
}

/** A metadata file is valid this many days after it was issued; an older one is refused as frozen. */
export const FIRMWARE_METADATA_VALID_DAYS = 365;

/** SPEC §8, the firmware downloader's texts. */
export const firmwareFetchFailedMessage = (status: number) =>
  `Couldn't contact the server. (HTTP status code ${status})`;
export const FIRMWARE_UNRECOGNIZED_ERROR = 'An unrecognized error happened';
