import { FirmwarePage, firmwareLinks, firmwareMeta } from './firmware-page';
import { FIRMWARE_INSTRUMENTS } from './instruments';

export const meta = () => firmwareMeta(FIRMWARE_INSTRUMENTS.mx);
export const links = () => firmwareLinks(FIRMWARE_INSTRUMENTS.mx);

export default function MxFirmwarePage() {
  return <FirmwarePage instrument={FIRMWARE_INSTRUMENTS.mx} />;
}
