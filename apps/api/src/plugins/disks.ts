import type { DiskName } from '@portal/contracts';
import { statfs } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/config';
import { clusterDirOf } from '../db/embedded-server';
import { blobRootOf } from './blob-store';
import { outboxDirOf } from './mailer';
import { causesOf } from '../shared/causes';

export interface DiskSpace {
  /** What the portal, not running as root, may still write (statfs's bavail). */
  freeBytes: number;
  sizeBytes: number;
}

/**
 * A disk is low below a tenth of its size or 1 GiB, whichever is more: room for about one
 * more installer, so the operator hears of it before a publisher does.
 */
export const LOW_DISK_FRACTION = 0.1;
export const LOW_DISK_BYTES = 2 ** 30;

export const isLow = ({ freeBytes, sizeBytes }: DiskSpace) =>
  freeBytes < Math.max(LOW_DISK_BYTES, sizeBytes * LOW_DISK_FRACTION);

/**
 * The space of the file system that holds `folder`, or its nearest parent that exists (a
 * folder not made yet will be made there); undefined when none can be asked.
 */
export async function spaceOf(folder: string): Promise<DiskSpace | undefined> {
  for (let at = path.resolve(folder); ; at = path.dirname(at)) {
    try {
      const stats = await statfs(at);
      return { freeBytes: stats.bavail * stats.bsize, sizeBytes: stats.blocks * stats.bsize };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || at === path.dirname(at)) return undefined;
    }
  }
}

/** The folders this configuration writes: a bucket, an external database or SMTP is not ours to measure. */
export function portalDisks(
  config: Pick<Config, 'dataDir' | 'publishUploadDir' | 's3' | 'databaseUrl' | 'smtpUrl'>,
): { name: DiskName; folder: string }[] {
  return [
    { name: 'uploads', folder: config.publishUploadDir },
    ...(config.s3 ? [] : [{ name: 'files' as const, folder: blobRootOf(config.dataDir) }]),
    ...(config.databaseUrl ? [] : [{ name: 'database' as const, folder: clusterDirOf(config.dataDir) }]),
    ...(config.smtpUrl ? [] : [{ name: 'outbox' as const, folder: outboxDirOf(config.dataDir) }]),
  ];
}

/** Each of the portal's disks with its space now, and whether it is low. */
export async function disksNow(config: Parameters<typeof portalDisks>[0]) {
  const disks = await Promise.all(
    portalDisks(config).map(async ({ name, folder }) => {
      const space = await spaceOf(folder);
      return space && { name, ...space, low: isLow(space) };
    }),
  );
  return disks.filter((disk) => disk !== undefined);
}

/**
 * Whether an error, or one it was caused by, is a disk out of room: ENOSPC, a quota (EDQUOT),
 * or PostgreSQL's disk_full (SQLSTATE 53100).
 */
export function isOutOfSpace(error: unknown): boolean {
  return causesOf(error).some((cause) => OUT_OF_SPACE_CODES.has((cause as { code?: unknown }).code));
}

const OUT_OF_SPACE_CODES = new Set<unknown>(['ENOSPC', 'EDQUOT', '53100']);
