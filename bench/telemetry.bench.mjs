// Telemetry (issue 13, docs/telemetry.md): ingestion throughput (events stored per second:
// per-event schema checks, one multi-row insert and the daily rollup upserts per batch)
// against a bare multi-row insert of the same rows in the same run, on the same embedded
// PostgreSQL; then the Usage screen's queries over one million generated events with
// their daily rollups, against counting page views per day from the raw events.
// Runs the portal's own code through tsx: bench/lib/telemetry-measure.ts.
import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from '../test-kit/portal-process.ts';

const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/lib/telemetry-measure.ts'], {
  cwd: REPO_ROOT,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
