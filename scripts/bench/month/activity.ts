/**
 * A month of the site's activity, drawn from a seed (the same seed, the same month): editors'
 * publishes in bursts on working days, release publishes (all of a release's documents at once),
 * and operators' changes of tenant records in the product API (a giveaway opening or closing).
 * Working hours are 14:00 to 23:00 UTC (9 to 6 on the US east coast); the month starts on a Monday.
 */
import { seeded } from '../../support/random.ts';

export interface MonthOptions {
  schools: number;
  days: number;
  /** Editors' publishes on each working day, in bursts of 1 to 6 documents. */
  publishesPerWorkday: number;
  /** Release publishes in the month, each 10 to 30 documents at once. */
  releases: number;
  /** Days of the month on which tenant records change (1 to 3 times that day, 1 to 5 schools each). */
  tenantChangeDays: number;
  seed: number;
}

export interface Publish {
  at: number;
  /** Documents published at this moment (a release's all at once). */
  ids: string[];
  release: boolean;
}

export interface TenantChange {
  at: number;
  /** Indexes of the schools whose record changes. */
  schools: number[];
}

export interface MonthActivity {
  start: number;
  end: number;
  publishes: Publish[];
  tenantChanges: TenantChange[];
}

/** Monday 1 February 2027, 00:00 UTC. */
export const MONTH_START = Date.UTC(2027, 1, 1);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WORK_FROM = 14;
const WORK_HOURS = 9;
/** Content types a school's documents have, about what a bundled school has. */
const TYPES_PER_SCHOOL = 41;

export function documentId(school: number, type: number): string {
  return `s${school}-t${type}`;
}

export function drawMonth(options: MonthOptions): MonthActivity {
  const random = seeded(options.seed);
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const workingDays = Array.from({ length: options.days }, (_, day) => day).filter(
    (day) => new Date(MONTH_START + day * DAY).getUTCDay() % 6 !== 0,
  );
  const inWorkingHours = (day: number) =>
    MONTH_START + day * DAY + WORK_FROM * HOUR + Math.floor(random() * WORK_HOURS * HOUR);
  const publishes: Publish[] = [];

  for (const day of workingDays) {
    let left = options.publishesPerWorkday;
    while (left > 0) {
      // An editor finishing a page publishes its documents one after another, seconds apart.
      const size = Math.min(left, between(1, 6));
      const school = between(0, options.schools - 1);
      let at = inWorkingHours(day);
      for (let document = 0; document < size; document += 1) {
        publishes.push({
          at,
          ids: [documentId(school, between(0, TYPES_PER_SCHOOL - 1))],
          release: false,
        });
        at += between(5, 30) * 1000;
      }
      left -= size;
    }
  }
  for (let release = 0; release < options.releases; release += 1) {
    const day = workingDays[between(0, workingDays.length - 1)]!;
    const ids = new Set<string>();
    const size = between(10, 30);
    while (ids.size < size)
      ids.add(documentId(between(0, options.schools - 1), between(0, TYPES_PER_SCHOOL - 1)));
    publishes.push({ at: inWorkingHours(day), ids: [...ids], release: true });
  }

  const tenantChanges: TenantChange[] = [];
  const days = new Set<number>();
  while (days.size < Math.min(options.tenantChangeDays, options.days))
    days.add(between(0, options.days - 1));
  for (const day of days) {
    for (let times = between(1, 3); times > 0; times -= 1) {
      const schools = new Set<number>();
      for (let count = between(1, 5); schools.size < count;)
        schools.add(between(0, options.schools - 1));
      tenantChanges.push({
        at:
          MONTH_START +
          day * DAY +
          (13 + Math.floor(random() * 9)) * HOUR +
          between(0, 59) * 60_000,
        schools: [...schools],
      });
    }
  }
  publishes.sort((a, b) => a.at - b.at);
  tenantChanges.sort((a, b) => a.at - b.at);
  return { start: MONTH_START, end: MONTH_START + options.days * DAY, publishes, tenantChanges };
}
