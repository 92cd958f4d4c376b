import { FirmwarePage, firmwareLinks, firmwareMeta } from './firmware-page';
import { FIRMWARE_INSTRUMENTS } from './instruments';

export const meta = () => firmwareMeta(FIRMWARE_INSTRUMENTS.cx);
export const links = () => firmwareLinks(FIRMWARE_INSTRUMENTS.cx);

export default function CxFirmwarePage() {
  return <FirmwarePage instrument={FIRMWARE_INSTRUMENTS.cx} />;
}
