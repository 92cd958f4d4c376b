import { FIRMWARE_PATHS, type FirmwareMetadata } from '@portal/contracts';

/** The metadata file could not be fetched: the HTTP status, or 0 when no answer came at all. */
export class FirmwareFetchError extends Error {
  constructor(readonly status: number) {
    super(`The firmware metadata could not be fetched (HTTP status code ${status}).`);
    this.name = 'FirmwareFetchError';
  }
}

export const firmwareMetadataUrl = () => new URL(FIRMWARE_PATHS.metadata, window.location.origin);

/**
 * The public firmware metadata file (docs/firmware.md). Not through the API client: it is a
 * public file, possibly on a content delivery host, fetched without any credential so every
 * cache may keep it, and its failures have texts of their own (SPEC §8).
 */
export async function getFirmwareMetadata(signal: AbortSignal): Promise<FirmwareMetadata> {
  let response: Response;
  try {
    response = await fetch(firmwareMetadataUrl(), { headers: { accept: 'application/json' }, signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new FirmwareFetchError(0);
  }
  if (!response.ok) throw new FirmwareFetchError(response.status);
  return (await response.json()) as FirmwareMetadata;
}
