/**
 * What waits for the document workers, taken fairly: the school with the fewest tasks running goes first (of
 * those, the one served longest ago), and within a school its jobs take turns. So one school's ten jobs never
 * all run before another school's one, and a school's long print does not hold up its own one-page export.
 * Keys are compared as Map keys (a school's id, a job's own object).
 */
export class FairQueue<T> {
  // A Map keeps the order keys were set: a school or job just served is set again at the back.
  private readonly schools = new Map<unknown, Map<unknown, T[]>>();
  private readonly running = new Map<unknown, number>();
  private count = 0;

  /** How many wait. */
  get size() {
    return this.count;
  }

  /** How many of a school's tasks were taken and are not yet `done`. */
  runningOf(school: unknown) {
    return this.running.get(school) ?? 0;
  }

  push(school: unknown, job: unknown, item: T) {
    let jobs = this.schools.get(school);
    if (!jobs) {
      jobs = new Map();
      this.schools.set(school, jobs);
    }
    const items = jobs.get(job);
    if (items) items.push(item);
    else jobs.set(job, [item]);
    this.count += 1;
  }

  /** The next task, counted as running for its school until `done(school)`. */
  take(): { school: unknown; item: T } | undefined {
    let chosen: unknown;
    let fewest = Number.POSITIVE_INFINITY;
    for (const school of this.schools.keys()) {
      const running = this.runningOf(school);
      if (running < fewest) {
        fewest = running;
        chosen = school;
      }
    }
    const jobs = this.schools.get(chosen);
    if (!jobs) return undefined;
    const [job, items] = jobs.entries().next().value as [unknown, T[]];
    const item = items.shift() as T;
    jobs.delete(job);
    if (items.length) jobs.set(job, items);
    this.schools.delete(chosen);
    if (jobs.size) this.schools.set(chosen, jobs);
    this.count -= 1;
    this.running.set(chosen, fewest + 1);
    return { school: chosen, item };
  }

  /** A task taken for `school` has finished (or failed). */
  done(school: unknown) {
    const running = this.runningOf(school) - 1;
    if (running > 0) this.running.set(school, running);
    else this.running.delete(school);
  }
}
