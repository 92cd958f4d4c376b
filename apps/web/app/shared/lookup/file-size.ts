const UNITS = ['kilobyte', 'megabyte', 'gigabyte'] as const;
const formats = UNITS.map(
  (unit) => new Intl.NumberFormat('en-US', { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }),
);

/** A file's size as people read it: '185 bytes', '2.4 kB', '1.3 GB' (powers of 1,000, as kB and MB mean). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes;
  let index = -1;
  while (value >= 1000 && index < UNITS.length - 1) {
    value /= 1000;
    index++;
  }
  return formats[index]!.format(value);
}
