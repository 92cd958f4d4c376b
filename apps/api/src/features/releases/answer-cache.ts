import { linkMinuteOf } from '../../plugins/download-links';

/**
 * Answers per caller, reused while their links are the same (they change each minute, see
 * plugins/download-links.ts) and the catalogue has not been republished: the hottest
 * lookup then costs one digest and a map read (docs/decisions/160-versions-route-profile.md).
 * The key is whatever stands for the caller within one snapshot (its registration record,
 * or one value for staff), so a lookup makes no key string.
 */
export class AnswerCache<K, T> {
  private snapshot: object | undefined;
  private also: object | undefined;
  private minute = 0;
  private readonly answers = new Map<K, T>();
  private static readonly MAX_ENTRIES = 10_000;

  /** `also`: a second source the answers are built from (the advisories' marks): a new one drops them too. */
  get(snapshot: object, key: K, build: () => T, also?: object): T {
    const minute = linkMinuteOf(Date.now());
    if (
      snapshot !== this.snapshot ||
      also !== this.also ||
      minute !== this.minute ||
      this.answers.size >= AnswerCache.MAX_ENTRIES
    ) {
      this.snapshot = snapshot;
      this.also = also;
      this.minute = minute;
      this.answers.clear();
    }
    let answer = this.answers.get(key);
    if (answer === undefined) {
      answer = build();
      this.answers.set(key, answer);
    }
    return answer;
  }
}
