/**
 * The last day of security fixes of each Node.js release line, from the Node.js release
 * schedule (docs/decisions/277-the-project-brings-node-24.md). A line newer than the table is
 * taken as supported; one older than it has long ended. Add a line here when it is released.
 */
const END_OF_LIFE: Readonly<Record<number, string>> = {
  18: '2025-04-30',
  19: '2023-06-01',
  20: '2026-04-30',
  21: '2024-06-01',
  22: '2027-04-30',
  23: '2025-06-01',
  24: '2028-04-30',
  25: '2026-06-01',
  26: '2029-04-30',
};

const lines = Object.keys(END_OF_LIFE).map(Number);
const OLDEST_LINE = Math.min(...lines);
const NEWEST_LINE = Math.max(...lines);

/**
 * The start-up warning for a portal running on a Node.js line past its end of life, or
 * undefined while the line still gets security fixes. Only a warning: a date must never stop a
 * running service from starting again.
 */
export function endOfLifeWarning(version: string, today: Date): string | undefined {
  const line = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (!Number.isInteger(line) || line > NEWEST_LINE) return undefined;
  const endedOn = END_OF_LIFE[line];
  if (line >= OLDEST_LINE && endedOn !== undefined && today.toISOString().slice(0, 10) <= endedOn) return undefined;
  const ended = endedOn === undefined ? 'is past its end of life' : `reached its end of life on ${endedOn}`;
  return (
    `Node.js ${version.replace(/^v/, '')} ${ended} and gets no security fixes: run the portal with the Node.js ` +
    'that npm ci brings, node_modules/.bin/node (docs/deployment.md)'
  );
}
