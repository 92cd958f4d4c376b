import type { PublishedRelease } from '@portal/contracts';
import { useId } from 'react';
import { releaseLabel, type ReleaseGroup } from './release-groups';
import styles from './security-staff.module.css';

/**
 * Releases chosen from the catalogue: a checkbox each, grouped by product. A chosen key the
 * catalogue does not hold (a link's `?affected=` that names no release) is listed first, so
 * it can be seen and unchecked; the server would refuse it with the field named.
 */
export function ReleasePicker({
  legend,
  groups,
  releases,
  chosen,
  onChange,
  problems = [],
}: {
  legend: string;
  groups: readonly ReleaseGroup[];
  releases: readonly PublishedRelease[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
  problems?: readonly string[];
}) {
  const problemId = useId();
  const known = new Set(releases.map((release) => release.key));
  const unknown = chosen.filter((key) => !known.has(key));
  const toggle = (key: string, on: boolean) =>
    onChange(on ? [...chosen.filter((other) => other !== key), key] : chosen.filter((other) => other !== key));
  return (
    <fieldset
      className={styles.picker}
      aria-describedby={problems.length > 0 ? problemId : undefined}
      aria-invalid={problems.length > 0 ? true : undefined}
    >
      <legend>
        {legend} <span className={styles.count}>({chosen.length} chosen)</span>
      </legend>
      {unknown.length > 0 && (
        <fieldset className={styles.pickerGroup}>
          <legend>Not in the catalogue</legend>
          <ul className={styles.choices}>
            {unknown.map((key) => (
              <Choice key={key} label={releaseLabel(releases, key)} checked onToggle={(on) => toggle(key, on)} />
            ))}
          </ul>
        </fieldset>
      )}
      {groups.map((group) => (
        <fieldset key={group.title} className={styles.pickerGroup}>
          <legend>{group.title}</legend>
          <ul className={styles.choices}>
            {group.releases.map((release) => (
              <Choice
                key={release.key}
                label={release.withdrawn ? `${release.label} (withdrawn)` : release.label}
                checked={chosen.includes(release.key)}
                onToggle={(on) => toggle(release.key, on)}
              />
            ))}
          </ul>
        </fieldset>
      ))}
      {groups.length === 0 && <p className={styles.muted}>The catalogue has no published release yet.</p>}
      {problems.length > 0 && (
        <p id={problemId} className={styles.problem}>
          {problems.join(' ')}
        </p>
      )}
    </fieldset>
  );
}

function Choice({ label, checked, onToggle }: { label: string; checked: boolean; onToggle: (on: boolean) => void }) {
  const id = useId();
  return (
    <li>
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onToggle(event.target.checked)} />{' '}
      <label htmlFor={id}>{label}</label>
    </li>
  );
}

/** One release, or none, chosen from the catalogue (a remediation's update). */
export function ReleaseSelect({
  label,
  groups,
  value,
  onChange,
}: {
  label: string;
  groups: readonly ReleaseGroup[];
  value: string;
  onChange: (key: string) => void;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select id={id} className={styles.input} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">No release</option>
        {groups.map((group) => (
          <optgroup key={group.title} label={group.title}>
            {group.releases.map((release) => (
              <option key={release.key} value={release.key}>
                {release.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
