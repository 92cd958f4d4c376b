import { useId, useState } from 'react';
import * as m from './components.messages';
import { CopyButton } from './copy-button';
import styles from './file-check.module.css';

/** A file name as a shell argument: quoted when it holds anything but letters, digits and . _ - */
function shellArgument(fileName: string): string {
  return /^[\w.-]+$/.test(fileName) ? fileName : `"${fileName.replace(/"/g, '')}"`;
}

/**
 * 'How to check this file': the commands that print a downloaded file's SHA-256 on Windows
 * (PowerShell, Command Prompt), macOS and Linux, and the value it must be, with a Copy
 * button. One component for the firmware, the offline installers and the ChromaTOF
 * downloads, so every page teaches the same check (docs/web-app.md). Closed until asked for.
 */
export function FileCheck({ fileName, sha256, name }: { fileName: string; sha256: string; name: string }) {
  const file = shellArgument(fileName);
  const expectedId = useId();
  // The instructions are made only once asked for: a list of many files stays light, and
  // each file's SHA-256 is in its page once (beside the file) until then.
  const [open, setOpen] = useState(false);
  return (
    <details className={styles.check} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        {m.howToCheck({
          name,
          hidden: (chunks, key) => (
            <span key={key} className={styles.visuallyHidden}>
              {chunks}
            </span>
          ),
        })}
      </summary>
      {open && <FileCheckSteps fileName={fileName} file={file} sha256={sha256} name={name} expectedId={expectedId} />}
    </details>
  );
}

function FileCheckSteps({
  fileName,
  file,
  sha256,
  name,
  expectedId,
}: {
  fileName: string;
  file: string;
  sha256: string;
  name: string;
  expectedId: string;
}) {
  const commands: { system: string; tool: string; command: string }[] = [
    { system: 'Windows', tool: m.powerShell, command: `Get-FileHash -Algorithm SHA256 ${file}` },
    { system: 'Windows', tool: m.commandPrompt, command: `certutil -hashfile ${file} SHA256` },
    { system: 'macOS', tool: m.terminal, command: `shasum -a 256 ${file}` },
    { system: 'Linux', tool: m.aTerminal, command: `sha256sum ${file}` },
  ];
  return (
    <>
      <p>{m.afterDownloading({ fileName })}</p>
      <dl className={styles.commands}>
        {commands.map(({ system, tool, command }) => (
          <div key={command}>
            <dt>
              <span translate="no">{system}</span> ({tool})
            </dt>
            <dd>
              <code translate="no">{command}</code>
            </dd>
          </div>
        ))}
      </dl>
      <div className={styles.expected}>
        <span id={expectedId}>{m.expectedSha256}</span>
        <code aria-labelledby={expectedId} translate="no">
          {sha256}
        </code>
        <CopyButton text={sha256} label={m.copyExpectedSha256Of({ name })} />
      </div>
    </>
  );
}
