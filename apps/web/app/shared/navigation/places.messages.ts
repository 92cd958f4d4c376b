import { message } from '../i18n/message';

/** The places of the site, as the menu and the breadcrumbs name them. Product names stay as they are. */
export const home = message('Home');
export const cornerstone = message('Cornerstone');
export const cornerstoneMobile = message('Cornerstone Mobile');
export const offlineInstaller = message('Offline Installer');
/** PIB: Product Information Bulletin. */
export const pibs = message('PIBs');
export const softwareValidation = message('Declaration of Software Validation');
export const chromatof = message('ChromaTOF');
export const chromatofPibs = message('ChromaTOF PIBs');
export const metallographics = message('Metallographics');
/** PX, MX and CX are the names of the instrument series. */
export const pxSeries = message('PX Series');
export const mxSeries = message('MX Series');
export const cxSeries = message('CX Series');
export const pxFirmware = message('PX Firmware');
export const mxFirmware = message('MX Firmware');
export const cxFirmware = message('CX Firmware');
export const service = message('Service');
export const privacy = message('Privacy');
export const securityAdvisoriesPage = message('Security Advisories');
export const reportingVulnerability = message('Reporting a Vulnerability');
/** One security advisory (its page, before it is read). */
export const advisory = message('Advisory');
