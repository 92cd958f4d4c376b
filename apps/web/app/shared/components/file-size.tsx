import { formatByteCount, formatFileSize } from '../format';
import utilities from '../../styles/utilities.module.css';

/**
 * A file's size as people read it ('2.4 MB', decimal units: decision 110), with the exact
 * byte count on hover (`title`) and, where the two differ, in words for screen readers.
 */
export function FileSize({ bytes }: { bytes: number }) {
  const exact = formatByteCount(bytes);
  const shown = formatFileSize(bytes);
  return (
    <>
      <data value={bytes} title={exact}>
        {shown}
      </data>
      {shown !== exact && <span className={utilities.visuallyHidden}> ({exact})</span>}
    </>
  );
}
