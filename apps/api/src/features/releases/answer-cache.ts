/**
 * Answers per caller, reused while their links are the same (they change each minute, see
 * plugins/download-links.ts) and the catalogue has not been republished: the hottest
 * lookup then costs one digest and a map read.
 */
export class AnswerCache<T> {
  private snapshot: object | undefined;
  private minute = 0;
  private readonly answers = new Map<string, T>();
  private static readonly MAX_ENTRIES = 10_000;

  get(snapshot: object, key: string, build: () => T): T {
    const minute = Math.floor(Date.now() / 60_000);
    if (snapshot !== this.snapshot || minute !== this.minute || this.answers.size >= AnswerCache.MAX_ENTRIES) {
      this.snapshot = snapshot;
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
