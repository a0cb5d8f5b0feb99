/**
 * The ids the commands under way took, to give back if one fails (decision 0055). A command's
 * savepoint keeps the store's counters object and where this log stood, instead of a copy of the
 * counters: a scheduled job is two commands, and copying the counters at a job's first id was most
 * of what taking ids cost in a clock advance.
 */
export class IdsTaken {
  /** Three slots an id: the counters' object, the kind, and its counter before (`undefined`: none). */
  private readonly log: unknown[] = [];

  /** Notes that `counters[kind]` stood at `previous` before an id was taken. */
  note(counters: Record<string, number>, kind: string, previous: number | undefined): void {
    this.log.push(counters, kind, previous);
  }

  /**
   * Where the log stands, for a savepoint. `outermost`: a command that starts outside any other,
   * so the ids taken before it can no longer be given back.
   *
   * @example
   * const mark = taken.mark(true); // ... ids taken ...; taken.giveBack(mark);
   */
  mark(outermost: boolean): number {
    if (outermost) this.log.length = 0;
    return this.log.length;
  }

  /** Puts back the counters as they stood at `mark`, latest id first (a counter started since goes away). */
  giveBack(mark: number): void {
    const log = this.log;
    for (let i = log.length - 3; i >= mark; i -= 3) {
      const counters = log[i] as Record<string, number>;
      const kind = log[i + 1] as string;
      const previous = log[i + 2] as number | undefined;
      if (previous === undefined) Reflect.deleteProperty(counters, kind);
      else counters[kind] = previous;
    }
    log.length = mark;
  }
}
