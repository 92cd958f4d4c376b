import { DESTINATIONS, type Destination } from '../../shared/navigation/navigation';
import * as m from './firmware.messages';

/**
 * The instruments whose firmware the portal offers. shortName and longName are what the
 * firmware downloader will take (SPEC §2); `name` is longName in the page's language, and
 * `usbPort` says where its USB port is, in the "Where is the USB port?" help (content for the
 * product team to confirm). Both are read when a page renders, as every message is.
 */
export interface FirmwareInstrument {
  shortName: 'PX' | 'MX' | 'CX';
  longName: string;
  name: () => string;
  page: Destination;
  usbPort: () => string;
}

export const FIRMWARE_INSTRUMENTS = {
  px: {
    shortName: 'PX',
    longName: 'PX400/PX500 grinder/polisher',
    name: () => m.pxInstrument,
    page: DESTINATIONS.pxFirmware,
    usbPort: () => m.pxUsbPort,
  },
  mx: {
    shortName: 'MX',
    longName: 'MX mounting press',
    name: () => m.mxInstrument,
    page: DESTINATIONS.mxFirmware,
    usbPort: () => m.mxUsbPort,
  },
  cx: {
    shortName: 'CX',
    longName: 'CX cutting-off machine',
    name: () => m.cxInstrument,
    page: DESTINATIONS.cxFirmware,
    usbPort: () => m.cxUsbPort,
  },
} as const satisfies Record<string, FirmwareInstrument>;

/** The name the instruments read the firmware under, at the root of the USB drive (SPEC §9). */
export const UPDATE_FILE_NAME = 'update.zip';

/**
 * The instrument's own button labels, as its screen shows them: the same words on a page in
 * any language, so that what the steps say to press is what is on the screen.
 */
export const INSTRUMENT_BUTTONS = { export: 'Export', upgrade: 'Upgrade', import: 'Import' } as const;
