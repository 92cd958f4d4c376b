import type { CatalogueDiffEntry } from '@portal/contracts';
import { useId } from 'react';
import table from '../../styles/data-table.module.css';
import { sectionWords } from './change-words';
import styles from './publishing-page.module.css';

/**
 * Rows a change added, changed, removed, withdrew or restored, field by field (before → after):
 * one table for a change of the history and for a draft's preview, which reads the diff as
 * the history does.
 */
export function DiffTable({ diff, caption }: { diff: readonly CatalogueDiffEntry[]; caption: string }) {
  const captionId = useId();
  return (
    <div className={table.scroller} tabIndex={0} role="region" aria-labelledby={captionId}>
      <table className={table.table}>
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Section</th>
            <th scope="col">Entry</th>
            <th scope="col">What</th>
            <th scope="col">Fields (before → after)</th>
          </tr>
        </thead>
        <tbody>
          {diff.map((entry, index) => (
            <tr key={`${entry.section}\n${entry.key}\n${index}`}>
              <td>{sectionWords(entry.section)}</td>
              <td className={styles.wrap}>{entry.key}</td>
              <td>{entry.outcome}</td>
              <td className={styles.wrap}>
                <ul className={styles.fields}>
                  {entry.fields.map((field) => (
                    <li key={field.field}>
                      <code>{field.field}</code>: {field.before ?? '—'} → {field.after ?? '—'}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
