import { seedCommand } from '@pp/platform';
import { DataSource } from 'typeorm';
import { peopleDatabase } from '../src/database/database';
import { peopleService } from '../src/people.service-definition';
import { buildPractice } from './build';
import { Inserted, insertPracticeSeed } from './insert';
import { SEED_PRACTICES } from './practices';

export { seedId } from './prng';

export interface SeedReport {
  /** Leads added, per practice name. */
  practices: Record<string, Inserted>;
  ms: number;
}

/**
 * The demo leads of every demo practice (Glow Aesthetics ~400, Northside Dental ~300, Lakeview Plastic
 * Surgery ~150), with timelines, insights, enrichment, open decisions and escalations. Deterministic
 * (seeded PRNG, ids derived from stable keys; only the dates move with `now`) and idempotent: re-running
 * adds nothing. One transaction, a handful of multi-row statements.
 */
export async function seedPeopleReport(dataSource: DataSource, now = Date.now()): Promise<SeedReport> {
  const started = performance.now();
  const practices: Record<string, Inserted> = {};
  await dataSource.transaction(async (manager) => {
    for (const practice of SEED_PRACTICES) {
      practices[practice.name] = await insertPracticeSeed(manager, buildPractice(practice, now));
    }
  });
  return { practices, ms: Math.round(performance.now() - started) };
}

/** Seeds the demo leads; returns how many leads were added (0 when they are all there already). */
export async function seedPeople(dataSource: DataSource, now = Date.now()): Promise<number> {
  const report = await seedPeopleReport(dataSource, now);
  return Object.values(report.practices).reduce((sum, p) => sum + p.persons, 0);
}

if (require.main === module) {
  seedCommand(peopleService, peopleDatabase, async (dataSource) => {
    const report = await seedPeopleReport(dataSource);
    const lines = Object.entries(report.practices).map(
      ([name, p]) => `${name}: ${p.persons} leads, ${p.events} events, ${p.decisions} open decisions`,
    );
    return `${lines.join('; ')} added in ${report.ms} ms (existing leads kept)`;
  });
}
