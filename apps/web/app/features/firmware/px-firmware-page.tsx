import { FirmwarePage, firmwareLinks, firmwareMeta } from './firmware-page';
import { FIRMWARE_INSTRUMENTS } from './instruments';

export const meta = () => firmwareMeta(FIRMWARE_INSTRUMENTS.px);
export const links = () => firmwareLinks(FIRMWARE_INSTRUMENTS.px);

export default function PxFirmwarePage() {
  return <FirmwarePage instrument={FIRMWARE_INSTRUMENTS.px} />;
}
