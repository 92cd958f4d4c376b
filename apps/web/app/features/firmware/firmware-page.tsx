import { firmwareFeedPath, type FirmwareFeedSeries } from '@portal/contracts';
import { useEffect, useState } from 'react';
import type { LinkDescriptor } from 'react-router';
import { HelpDialog } from '../../shared/components/help-dialog';
import { FirmwareIcon } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/page-header';
import type { Tag } from '../../shared/i18n/message';
import { placeName } from '../../shared/navigation/place-name';
import { pageMeta } from '../../shared/page-meta';
import page from '../../styles/page.module.css';
import { firmwareDownloadView, loadFirmwareMetadata, type FirmwareLoad } from './firmware-download';
import { FirmwareDownloader } from './firmware-downloader';
import { FirmwareReleases } from './firmware-releases';
import * as m from './firmware.messages';
import { INSTRUMENT_BUTTONS, UPDATE_FILE_NAME, type FirmwareInstrument } from './instruments';
import styles from './firmware-page.module.css';

export function firmwareMeta(instrument: FirmwareInstrument) {
  return pageMeta(
    placeName(instrument.page),
    m.description({ series: instrument.shortName, instrument: instrument.name() }),
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
      title: m.feedTitle({ series: instrument.shortName }),
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
  const series = { series: shortName };
  const fileName = UPDATE_FILE_NAME;
  // What Windows shows of it when it hides the ending.
  const baseName = fileName.replace(/\.zip$/, '');
  return (
    <>
      <PageHeader title={placeName(instrument.page)} icon={FirmwareIcon}>
        {m.lead({ instrument: instrument.name() })}
      </PageHeader>

      <section className={page.section} aria-labelledby="latest-firmware">
        <h2 id="latest-firmware">{m.latestFirmware(series)}</h2>
        <FirmwareDownloader shortName={shortName} longName={longName} load={load} />
        <p>
          {m.followFeed({
            ...series,
            feed: (chunks, key) => (
              <a key={key} href={feedOf(instrument)}>
                {chunks}
              </a>
            ),
          })}
        </p>
      </section>

      <section className={page.section} aria-labelledby="update-instructions">
        <h2 id="update-instructions">{m.updateInstructions}</h2>
        <ol className={styles.steps}>
          <li>
            <h3>{m.stepDownload}</h3>
            <p>{m.stepDownloadText({ fileName })}</p>
            <div className={styles.help}>
              <HelpDialog label={m.whichDrive} title={m.whichDrive}>
                <p>{m.whichDriveText({ b: strong })}</p>
                <p>{m.checkDrive}</p>
              </HelpDialog>
              <HelpDialog label={m.whereFile} title={m.whereFile}>
                <p>{m.whereFileText({ fileName, b: fileNameTag })}</p>
                <p>{m.renameFile({ fileName, copyName: `${baseName} (1).zip`, baseName })}</p>
              </HelpDialog>
            </div>
          </li>
          <li>
            <h3>{m.stepBackUp}</h3>
            <p>{m.stepBackUpText({ button: INSTRUMENT_BUTTONS.export, b: instrumentButton })}</p>
            <div className={styles.help}>
              <HelpDialog label={m.whereUsbPort} title={m.whereUsbPort}>
                <p>
                  {instrument.usbPort()} {m.insertBeforeUpdateScreen}
                </p>
              </HelpDialog>
            </div>
          </li>
          <li>
            <h3>{m.stepInstall}</h3>
            <p>{m.stepInstallText({ button: INSTRUMENT_BUTTONS.upgrade, fileName, b: instrumentButton })}</p>
            <div className={styles.help}>
              <HelpDialog label={m.whatIfFreezes} title={m.whatIfFreezes}>
                <p>{m.freezesRestart({ button: INSTRUMENT_BUTTONS.upgrade, b: instrumentButton })}</p>
                <p>{m.freezesAgain({ fileName })}</p>
              </HelpDialog>
            </div>
          </li>
          <li>
            <h3>{m.stepRestore}</h3>
            <p>{m.stepRestoreText({ button: INSTRUMENT_BUTTONS.import, b: instrumentButton })}</p>
          </li>
        </ol>
      </section>
      {latest?.kind === 'download' && (
        <FirmwareReleases instrument={instrument} latest={latest} releases={load?.releases} />
      )}
    </>
  );
}

const strong: Tag = (chunks, key) => <strong key={key}>{chunks}</strong>;
/** A button of the instrument's screen: its label in the instrument's words, whatever the page's language. */
const instrumentButton: Tag = (chunks, key) => (
  <strong key={key} lang="en" translate="no">
    {chunks}
  </strong>
);
/** A file's name, as it must be written, in any language. */
const fileNameTag: Tag = (chunks, key) => (
  <strong key={key} translate="no">
    {chunks}
  </strong>
);
