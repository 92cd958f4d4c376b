import { spaceOf } from '../../plugins/disks';
import { clientKey } from '../../shared/client-address';

/** How often DATA_DIR's free space is looked at: a statfs per batch would be waste. */
const DISK_CHECK_INTERVAL_MS = 10_000;
/**
 * Addresses remembered per day in one process. Past this (many addresses in one day: an
 * attack from a large IPv6 range) a new address is not counted on its own, and only the
 * global budget holds it.
 */
const MAX_ADDRESSES = 100_000;

export interface BudgetLimits {
  perAddressPerDay: number;
  perDay: number;
  minFreeDiskBytes: number;
  dataDir: string;
}

export interface Granted {
  /** How many of the batch's events may be stored. */
  allowed: number;
  overBudget: number;
  lowDisk: number;
}

/**
 * The day's budgets of telemetry (docs/decisions/131-telemetry-budgets.md): per client
 * address (in this process's memory, never stored: an address is forgotten at the end of
 * the UTC day), for the whole portal (counted in the database, so every portal of a
 * deployment shares it), and a floor of free disk space below which nothing is stored.
 */
export class TelemetryBudget {
  private day = '';
  private readonly perAddress = new Map<string, number>();
  /** Events stored today as last heard from the database, plus those granted since. */
  private storedToday: number | undefined;
  private warnedDay = '';
  private diskCheckedAt = 0;
  private diskLow = false;
  private diskCheck: Promise<void> | undefined;

  constructor(
    private readonly limits: BudgetLimits,
    private readonly loadStoredToday: (day: string) => Promise<number>,
    /** One line per day when the global budget is first reached. */
    private readonly warn: (line: string, fields: Record<string, unknown>) => void,
  ) {}

  /** How many of `count` events from `address` may be stored now; the rest say why not. */
  async grant(address: string | undefined, count: number, now = new Date()): Promise<Granted> {
    if (count === 0) return { allowed: 0, overBudget: 0, lowDisk: 0 };
    const day = now.toISOString().slice(0, 10);
    if (day !== this.day) {
      this.day = day;
      this.perAddress.clear();
      this.storedToday = undefined;
    }
    if (await this.diskIsLow(now.getTime())) return { allowed: 0, overBudget: 0, lowDisk: count };
    this.storedToday ??= await this.loadStoredToday(day);

    const key = clientKey(address);
    const used = this.perAddress.get(key) ?? 0;
    const addressLeft = Math.max(0, this.limits.perAddressPerDay - used);
    const portalLeft = Math.max(0, this.limits.perDay - this.storedToday);
    const allowed = Math.min(count, addressLeft, portalLeft);
    if (this.perAddress.has(key) || this.perAddress.size < MAX_ADDRESSES) this.perAddress.set(key, used + allowed);
    this.storedToday += allowed;
    if (allowed < count && portalLeft < count && this.warnedDay !== day) {
      this.warnedDay = day;
      this.warn(
        'telemetry budget of the day reached: further events are dropped until midnight UTC and counted on the Usage screen',
        { day, budget: this.limits.perDay },
      );
    }
    return { allowed, overBudget: count - allowed, lowDisk: 0 };
  }

  /** What the database said after a store: every portal's events of the day, this one's included. */
  stored(total: number | undefined) {
    if (total !== undefined) this.storedToday = Math.max(this.storedToday ?? 0, total);
  }

  private async diskIsLow(now: number): Promise<boolean> {
    if (this.limits.minFreeDiskBytes === 0) return false;
    if (now - this.diskCheckedAt >= DISK_CHECK_INTERVAL_MS) {
      this.diskCheckedAt = now;
      this.diskCheck ??= spaceOf(this.limits.dataDir)
        .then((space) => {
          // No DATA_DIR to measure (an external database and no folder): nothing to protect here.
          const low = space !== undefined && space.freeBytes < this.limits.minFreeDiskBytes;
          if (space && low && !this.diskLow) {
            this.warn('telemetry refused: the data folder’s disk is below its free-space floor', {
              freeMb: Math.floor(space.freeBytes / 1e6),
              floorMb: Math.floor(this.limits.minFreeDiskBytes / 1e6),
            });
          }
          this.diskLow = low;
        })
        .finally(() => (this.diskCheck = undefined));
    }
    await this.diskCheck;
    return this.diskLow;
  }
}
