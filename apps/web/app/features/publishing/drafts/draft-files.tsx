import type { Draft, DraftFile, DraftFileState } from '@portal/contracts';
import { useId, useState, type ChangeEvent } from 'react';
import { formatFileSize } from '../../../shared/format';
import { FailureAlert } from '../../../shared/outcome/failure-alert';
import styles from './draft.module.css';
import { Button } from '../../../shared/components/ui/button';
import {
  clearFailedUpload,
  recognisedSha256,
  refuseUpload,
  resumeUpload,
  sendWhileHashing,
  uploadFile,
  uploadKey,
  uploadsTotal,
  useUploads,
  type UploadProgress,
} from './file-upload';
import { CONNECTION_LOST_WORDS } from './connection-lost';
import { hashFile } from './file-hash';
import facts from '../facts.module.css';

/** What each state of a draft's file is called on the screen. */
export const FILE_STATE_WORDS: Record<DraftFileState, string> = {
  stored: 'Already stored — not uploaded again',
  uploaded: 'Uploaded',
  'awaiting upload': 'Awaiting upload',
};

/** The files the draft names, each with its state as the server gives it and this tab's upload, if any. */
export function DraftFiles({ draft, onChanged }: { draft: Draft; onChanged: () => void }) {
  const headingId = useId();
  const uploads = useUploads();
  const total = uploadsTotal(uploads, draft.draft.id);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Files</h2>
      {total.files > 0 && (
        <p role="status" aria-label="All uploads">
          Uploading {total.files === 1 ? '1 file' : `${total.files} files`}: {formatFileSize(total.sentBytes)} of{' '}
          {formatFileSize(total.totalBytes)} sent{' '}
          <progress className={styles.progress} value={total.sentBytes} max={Math.max(total.totalBytes, 1)} />
        </p>
      )}
      {draft.files.some((file) => file.state === 'awaiting upload') && (
        <ChooseSeveral draft={draft} onChanged={onChanged} />
      )}
      <UploadsWithoutCard draft={draft} uploads={uploads} />
      {draft.files.length === 0 ? (
        <p className={styles.muted}>
          This draft names no file yet: the forms above take one with each entry that needs it.
        </p>
      ) : (
        <ul className={styles.cards}>
          {draft.files.map((file) => (
            <FileCard
              key={file.sha256}
              draftId={draft.draft.id}
              file={file}
              upload={uploads.get(uploadKey(draft.draft.id, file.sha256))}
              onChanged={onChanged}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The draft's uploads that no card shows: files sent while they are hashed, before their SHA-256
 * names them (decision 282), and files named since, whose card comes with the draft's next
 * reload: a drop between the claim and that reload would otherwise hide the upload's
 * "Connection lost" from the publisher. Each has its line here until its card shows it.
 */
function UploadsWithoutCard({ draft, uploads }: { draft: Draft; uploads: ReadonlyMap<string, UploadProgress> }) {
  const draftId = draft.draft.id;
  const onCards = new Set(draft.files.map((file) => uploadKey(draftId, file.sha256)));
  // A refusal is said where the file was chosen (the form's field, Choose several's alert), not twice.
  const withoutCard = [...uploads].filter(
    ([key, upload]) =>
      key.startsWith(`${draftId}:`) &&
      !onCards.has(key) &&
      upload.state !== 'uploaded' &&
      !(upload.state === 'failed' && !upload.resumable),
  );
  if (withoutCard.length === 0) return null;
  return (
    <ul className={styles.cards} aria-label="Sent while hashed">
      {withoutCard.map(([key, upload]) => (
        <li key={key} className={styles.card} aria-label={upload.name}>
          <h3 className={styles.cardTitle}>{upload.name}</h3>
          <UploadLine upload={upload} onResume={() => resumeUpload(key)} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Several files chosen at once: each is sent at once while it is hashed, each in a worker of
 * its own (decision 282), or claimed at once when this browser recognises it, at most
 * UPLOADS_AT_ONCE at a time. Its SHA-256 must be one of the draft's files awaiting upload:
 * any other file is refused, and what was sent of it deleted.
 */
function ChooseSeveral({ draft, onChanged }: { draft: Draft; onChanged: () => void }) {
  const inputId = useId();
  const draftId = draft.draft.id;
  const [hashing, setHashing] = useState<ReadonlyMap<string, { bytesRead: number; totalBytes: number }>>(new Map());
  const [refused, setRefused] = useState<string[]>([]);
  const hashed = (name: string, progress?: { bytesRead: number; totalBytes: number }) =>
    setHashing((current) => {
      const next = new Map(current);
      if (progress) next.set(name, progress);
      else next.delete(name);
      return next;
    });

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    setRefused([]);
    const awaiting = new Set(draft.files.filter((file) => file.state === 'awaiting upload').map((file) => file.sha256));
    const refuse = (message: string) => setRefused((current) => [...current, message]);
    await Promise.all(
      chosen.map(async (file) => {
        const sending = sendWhileHashing(draftId, file, {
          onHashed: (bytesRead) => hashed(file.name, { bytesRead, totalBytes: file.size }),
          accept: (sha) =>
            awaiting.has(sha)
              ? undefined
              : `${file.name} is none of this draft’s files awaiting upload: its SHA-256 is ${sha}.`,
        });
        if (!sending.recognised) hashed(file.name, { bytesRead: 0, totalBytes: file.size });
        const claimed = await sending.claimed;
        hashed(file.name);
        if (claimed.kind !== 'ok') return refuse(claimed.message);
        await sending.sent;
      }),
    );
    onChanged();
  };

  return (
    <div className={styles.form}>
      <div>
        <label htmlFor={inputId}>Choose several files to upload</label>{' '}
        <input id={inputId} type="file" multiple onChange={(event) => void choose(event)} />
      </div>
      {[...hashing].map(([name, progress]) => (
        <p role="status" key={name}>
          Computing SHA-256 of {name}: {formatFileSize(progress.bytesRead)} of {formatFileSize(progress.totalBytes)}{' '}
          <progress className={styles.progress} value={progress.bytesRead} max={Math.max(progress.totalBytes, 1)} />
        </p>
      ))}
      {refused.length > 0 && <FailureAlert failure={{ kind: 'failed', message: refused.join(' '), status: null }} />}
    </div>
  );
}

function FileCard({
  draftId,
  file,
  upload,
  onChanged,
}: {
  draftId: string;
  file: DraftFile;
  upload: UploadProgress | undefined;
  onChanged: () => void;
}) {
  const headingId = useId();
  const inputId = useId();
  const [hashing, setHashing] = useState<{ bytesRead: number; totalBytes: number }>();
  const name = file.name ?? upload?.name ?? 'A file not chosen yet';
  const active =
    upload?.state === 'uploading' ||
    upload?.state === 'waiting' ||
    upload?.state === 'retrying' ||
    hashing !== undefined;

  /**
   * Choosing the file again: its SHA-256 must be this one; the upload goes on from where the
   * server has it. The same name, size and date this browser hashed for the draft resume at
   * once, without hashing again: the server's SHA-256 on the last byte still refuses other bytes.
   * Any other file starts its upload at once, under the SHA-256 the draft names, while a worker
   * hashes it beside (decision 272): other bytes stop the upload and delete what was sent, and
   * should the upload end first, the server's own check on the last byte refuses them.
   */
  const resume = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    const key = uploadKey(draftId, file.sha256);
    clearFailedUpload(key);
    const recognised = recognisedSha256(draftId, chosen) === file.sha256;
    // Once the server has checked the last byte (or refused the upload), the browser's hash has nothing left to tell.
    const hashNoLongerNeeded = new AbortController();
    const sending = uploadFile(draftId, file.sha256, chosen, recognised).then((end) => {
      if (end?.state === 'uploaded' || (end?.state === 'failed' && !end.resumable)) hashNoLongerNeeded.abort();
    });
    if (!recognised) {
      setHashing({ bytesRead: 0, totalBytes: chosen.size });
      const refusal = await hashFile(
        chosen,
        (bytesRead) => setHashing({ bytesRead, totalBytes: chosen.size }),
        hashNoLongerNeeded.signal,
      ).then(
        (sha) => (sha === file.sha256 ? undefined : `${chosen.name} is not this file: its SHA-256 is ${sha}.`),
        (error: unknown) => (hashNoLongerNeeded.signal.aborted ? undefined : (error as Error).message),
      );
      setHashing(undefined);
      if (refusal !== undefined) refuseUpload(draftId, file.sha256, chosen, refusal);
    }
    await sending;
    onChanged();
  };

  return (
    <li className={styles.card} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.cardTitle}>
        {name}
      </h3>
      <dl className={facts.facts}>
        <div>
          <dt>State</dt>
          <dd>{FILE_STATE_WORDS[file.state]}</dd>
        </div>
        <div>
          <dt>Size</dt>
          <dd>{file.sizeBytes === null ? 'Not known until uploaded' : formatFileSize(file.sizeBytes)}</dd>
        </div>
        <div>
          <dt>SHA-256</dt>
          <dd>
            <code className={facts.hash}>{file.sha256}</code>
          </dd>
        </div>
      </dl>
      {hashing && (
        <p role="status">
          Computing SHA-256: {formatFileSize(hashing.bytesRead)} of {formatFileSize(hashing.totalBytes)}{' '}
          <progress className={styles.progress} value={hashing.bytesRead} max={Math.max(hashing.totalBytes, 1)} />
        </p>
      )}
      {upload && file.state === 'awaiting upload' && (
        <UploadLine upload={upload} onResume={() => resumeUpload(uploadKey(draftId, file.sha256))} />
      )}
      {file.state === 'awaiting upload' && !active && (
        <div>
          <label htmlFor={inputId}>
            {upload?.state === 'failed' || upload === undefined ? 'Choose the file again to resume' : 'Choose the file'}
          </label>{' '}
          <input id={inputId} type="file" onChange={(event) => void resume(event)} />
        </div>
      )}
    </li>
  );
}

function UploadLine({ upload, onResume }: { upload: UploadProgress; onResume: () => void }) {
  const sent = (bytes: number, total: number) => `${formatFileSize(bytes)} of ${formatFileSize(total)}`;
  switch (upload.state) {
    case 'waiting':
      return (
        <p role="status">
          {upload.why === 'other tab'
            ? 'Being uploaded in another tab of this browser: this one waits for it.'
            : 'Waiting for the uploads under way to make room.'}
        </p>
      );
    case 'uploading':
      return (
        <p role="status">
          Uploading: {sent(upload.bytesSent, upload.totalBytes)} sent
          {upload.resumedAt > 0 && ` (resumed at ${formatFileSize(upload.resumedAt)})`}
          {upload.recognised && ' — recognised, not hashed again'}{' '}
          <progress className={styles.progress} value={upload.bytesSent} max={Math.max(upload.totalBytes, 1)} />
        </p>
      );
    case 'retrying':
      return (
        <div className={styles.buttons}>
          <p role="status">
            {CONNECTION_LOST_WORDS}: {sent(upload.bytesSent, upload.totalBytes)} kept{' '}
            <progress className={styles.progress} value={upload.bytesSent} max={Math.max(upload.totalBytes, 1)} />
          </p>
          <Button type="button" onClick={onResume}>
            Resume
          </Button>
        </div>
      );
    case 'failed':
      return (
        <>
          <FailureAlert failure={{ kind: 'failed', message: upload.message, status: 0 }} />
          {upload.resumable && (
            <Button type="button" onClick={onResume}>
              Resume
            </Button>
          )}
        </>
      );
    case 'uploaded':
      return <p role="status">Uploaded: the server is checking it.</p>;
  }
}
