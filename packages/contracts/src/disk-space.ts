/**
 * What the portal says when one of its disks is full (docs/operations.md#when-things-fail).
 * Schema-free: the draft screen and portal-publish read the status without the schemas.
 */

/**
 * The disks the portal writes, each named so that a full one is named too: uploads into
 * drafts, published files when they are a folder, the embedded database (telemetry and all
 * else the portal stores live there), and mail when it goes to the outbox.
 */
export const DISK_NAMES = ['uploads', 'files', 'database', 'outbox'] as const;
export type DiskName = (typeof DISK_NAMES)[number];

/** What a person calls each one, in a message and on the Usage screen. */
export const DISK_WORDS: Record<DiskName, string> = {
  uploads: 'upload folder (PUBLISH_UPLOAD_DIR)',
  files: 'file store (DATA_DIR/files)',
  database: "database's folder (DATA_DIR/pg)",
  outbox: 'mail outbox (DATA_DIR/outbox)',
};

/** HTTP's "Insufficient Storage": the server cannot store what was asked, whoever asks again. */
export const INSUFFICIENT_STORAGE = 507;

/** `1.5 GiB`, `300.0 MiB`, `12 bytes`: a size in the words of the portal's messages. */
export function sizeInWords(bytes: number): string {
  const units = [
    ['GiB', 2 ** 30],
    ['MiB', 2 ** 20],
    ['KiB', 2 ** 10],
  ] as const;
  for (const [unit, size] of units) if (bytes >= size) return `${(bytes / size).toFixed(1)} ${unit}`;
  return `${bytes} bytes`;
}

/**
 * An upload that does not fit on the disk it is written to (507): refused at its creation, or
 * met later by a write, when its partial file is deleted. Sending it again cannot help until
 * the operator frees space, so the words never say "try again".
 */
export function outOfSpaceMessage(disk: string, neededBytes: number, freeBytes: number): string {
  return (
    `The portal is out of space: this file needs ${sizeInWords(neededBytes)} in its ${disk}, which has ` +
    `${sizeInWords(freeBytes)} free. Nothing of the file was kept. Ask the portal's operator to free space; ` +
    'publishing works again as soon as there is room, with no restart.'
  );
}

/** Anything else the portal could not store for a full disk (its database's, say): nothing half-written. */
export const DISK_FULL_MESSAGE =
  "The portal's disk is full, so this change was not saved; everything saved before is kept. Ask the portal's " +
  'operator to free space: the portal works again as soon as there is room, with no restart.';
