import { FirmwarePage, firmwareMeta } from './firmware-page';
import { FIRMWARE_INSTRUMENTS } from './instruments';

export const meta = () => firmwareMeta(FIRMWARE_INSTRUMENTS.mx);

export default function MxFirmwarePage() {
  return <FirmwarePage instrument={FIRMWARE_INSTRUMENTS.mx} />;
}
