import { firmwareFeedPath, type FirmwareFeedSeries } from '@portal/contracts';
import { useEffect, useState } from 'react';
import type { LinkDescriptor } from 'react-router';
import { HelpDialog } from '../../shared/components/help-dialog';
import { FirmwareIcon } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/page-header';
import { pageMeta } from '../../shared/page-meta';
import page from '../../styles/page.module.css';
import { firmwareDownloadView, loadFirmwareMetadata, type FirmwareLoad } from './firmware-download';
import { FirmwareDownloader } from './firmware-downloader';
import { FirmwareReleases } from './firmware-releases';
import type { FirmwareInstrument } from './instruments';
import styles from './firmware-page.module.css';

export function firmwareMeta(instrument: FirmwareInstrument) {
  return pageMeta(
    instrument.page.title,
    `Download the latest ${instrument.shortName} firmware and update your ${instrument.longName} from a USB drive in four steps.`,
  );
}

/** The series' public Atom feed (docs/feeds.md), as its path. */
function feedOf(instrument: FirmwareInstrument): string {
  return firmwareFeedPath(instrument.shortName.toLowerCase() as FirmwareFeedSeries);
}

/** Advertises the series' firmware feed to browsers and feed readers that look for one in the page's head. */
export function firmwareLinks(instrument: FirmwareInstrument): LinkDescriptor[] {
  return [
    {
      rel: 'alternate',
      type: 'application/atom+xml',
      href: feedOf(instrument),
      title: `${instrument.shortName} firmware releases`,
    },
  ];
}

/**
 * The metadata, read once the page is on screen. Not a route clientLoader: its fallback and its
 * page are two components to React Router, so the whole page would be mounted anew when the
 * metadata came, closing a help dialog opened meanwhile (decision 067, as amended).
 */
function useFirmwareLoad(): FirmwareLoad | undefined {
  const [load, setLoad] = useState<FirmwareLoad>();
  useEffect(() => {
    const reading = new AbortController();
    // Only an abort rejects: the page is gone, and nothing waits for the answer.
    loadFirmwareMetadata(reading.signal).then(setLoad, () => undefined);
    return () => reading.abort();
  }, []);
  return load;
}

/** Update instructions for one series (SPEC §2, Metallographics screens). */
export function FirmwarePage({ instrument }: { instrument: FirmwareInstrument }) {
  const { shortName, longName } = instrument;
  const load = useFirmwareLoad();
  const latest = load ? firmwareDownloadView({ shortName, longName }, load) : undefined;
  return (
    <>
      <PageHeader title={`${shortName} Firmware`} icon={FirmwareIcon}>
        Update the firmware of your {longName} from a USB drive. You will need a computer with internet access, a USB
        drive and about 20 minutes at the instrument.
      </PageHeader>

      <section className={page.section} aria-labelledby="latest-firmware">
        <h2 id="latest-firmware">Latest {shortName} firmware</h2>
        <FirmwareDownloader shortName={shortName} longName={longName} load={load} />
        <p>
          To hear of new {shortName} firmware, follow the <a href={feedOf(instrument)}>{shortName} firmware feed</a> in
          a feed reader (Outlook and Thunderbird can follow feeds).
        </p>
      </section>

      <section className={page.section} aria-labelledby="update-instructions">
        <h2 id="update-instructions">Update instructions</h2>
        <ol className={styles.steps}>
          <li>
            <h3>Download</h3>
            <p>
              Download the firmware file and copy it to an empty USB drive, at the top level of the drive (not in a
              folder), named update.zip.
            </p>
            <div className={styles.help}>
              <HelpDialog label="Which USB drive can I use?" title="Which USB drive can I use?">
                <p>
                  Use a USB drive formatted as <strong>FAT32</strong>, of <strong>32GB or smaller</strong>. The
                  instrument does not read larger drives or drives formatted as exFAT or NTFS.
                </p>
                <p>
                  To check a drive in Windows, right-click it in File Explorer and choose Properties: the File system
                  line says FAT32 or not. To format it, choose Format… and pick FAT32; formatting erases the drive.
                </p>
              </HelpDialog>
              <HelpDialog label="Where does the file go?" title="Where does the file go?">
                <p>
                  The file must be named <strong>update.zip</strong> and lie at the root of the drive, not inside a
                  folder. Do not unzip it: the instrument reads the zip file itself.
                </p>
                <p>
                  If your browser saved it under another name, such as update (1).zip, rename it to update.zip. Windows
                  may hide the .zip ending, so type only update as the new name there.
                </p>
              </HelpDialog>
            </div>
          </li>
          <li>
            <h3>Back up your settings</h3>
            <p>
              Insert the USB drive into the instrument&apos;s USB port. On the instrument, press <strong>Export</strong>{' '}
              to save its settings and methods to the drive.
            </p>
            <div className={styles.help}>
              <HelpDialog label="Where is the USB port?" title="Where is the USB port?">
                <p>
                  On the {shortName}, the USB port is {instrument.usbPort}. Insert the drive before you switch to the
                  update screen.
                </p>
              </HelpDialog>
            </div>
          </li>
          <li>
            <h3>Install</h3>
            <p>
              Press the <strong>Upgrade</strong> button. The instrument installs the new firmware from update.zip and
              restarts. Leave the drive in and the power on until it has restarted.
            </p>
            <div className={styles.help}>
              <HelpDialog label="What if the upgrade freezes?" title="What if the upgrade freezes?">
                <p>
                  If nothing changes on the screen for 15 minutes, switch the instrument off, wait 30 seconds and switch
                  it on again. Then repeat this step: press <strong>Upgrade</strong> once more.
                </p>
                <p>
                  If it freezes again, check the drive (FAT32, 32GB or smaller, update.zip at its root) and try another
                  drive. If that does not help, contact your service representative.
                </p>
              </HelpDialog>
            </div>
          </li>
          <li>
            <h3>Restore your settings</h3>
            <p>
              After the restart, press <strong>Import</strong> to restore the settings and methods you exported in step
              2.
            </p>
          </li>
        </ol>
      </section>
      {latest?.kind === 'download' && (
        <FirmwareReleases instrument={instrument} latest={latest} releases={load?.releases} />
      )}
    </>
  );
}
