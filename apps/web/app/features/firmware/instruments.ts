import { DESTINATIONS, type Destination } from '../../shared/navigation/navigation';

/**
 * The instruments whose firmware the portal offers. shortName and longName are what the
 * firmware downloader will take (SPEC §2); usbPort is shown in the "Where is the USB
 * port?" help and is content for the product team to confirm.
 */
export interface FirmwareInstrument {
  shortName: 'PX' | 'MX' | 'CX';
  longName: string;
  page: Destination;
  usbPort: string;
}

export const FIRMWARE_INSTRUMENTS = {
  px: {
    shortName: 'PX',
    longName: 'PX400/PX500 grinder/polisher',
    page: DESTINATIONS.pxFirmware,
    usbPort: 'on the front of the control panel, beside the touch screen',
  },
  mx: {
    shortName: 'MX',
    longName: 'MX mounting press',
    page: DESTINATIONS.mxFirmware,
    usbPort: 'on the front of the control panel, below the display',
  },
  cx: {
    shortName: 'CX',
    longName: 'CX cutting-off machine',
    page: DESTINATIONS.cxFirmware,
    usbPort: 'on the side of the control panel, to the right of the display',
  },
} as const satisfies Record<string, FirmwareInstrument>;
