import { FirmwarePage, firmwareLinks, firmwareMeta } from './firmware-page';
import { loadFirmwareMetadata } from './firmware-download';
import { FIRMWARE_INSTRUMENTS } from './instruments';
import type { Route } from './+types/mx-firmware-page';

export const meta = () => firmwareMeta(FIRMWARE_INSTRUMENTS.mx);
export const links = () => firmwareLinks(FIRMWARE_INSTRUMENTS.mx);

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => loadFirmwareMetadata(request);
// The prerendered page shows the downloader's box; the link fills it in once the metadata is read.
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <FirmwarePage instrument={FIRMWARE_INSTRUMENTS.mx} />;
}

export default function MxFirmwarePage({ loaderData }: Route.ComponentProps) {
  return <FirmwarePage instrument={FIRMWARE_INSTRUMENTS.mx} load={loaderData} />;
}
