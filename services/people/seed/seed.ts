import { seedCommand } from '@pp/platform';
import { DataSource } from 'typeorm';
import { peopleDatabase } from '../src/database/database';
import { peopleService } from '../src/people.service-definition';
import { buildPractice } from './build';
import { seededAppointments, writeAppointmentsHandoff } from './handoff';
import { Inserted, insertPracticeSeed } from './insert';
import { writeOverviewHandoff } from './overview-handoff';
import { SEED_PRACTICES } from './practices';

export { seedId } from './prng';

export interface SeedReport {
  /** Leads added, per practice name. */
  practices: Record<string, Inserted>;
  /** The seeded leads' appointments handed over to calendar's seed (all of them, not only the new ones). */
  appointments: number;
  /** Where the handoff was written (SEED_HANDOFF_DIR). */
  handoff: string;
  /** The Overview's handoff to analytics' seed: its path and what it holds. */
  overview: { path: string; leads: number; messages: number; consults: number };
  ms: number;
}

/**
 * The demo leads of every demo practice (Glow Aesthetics ~400, Northside Dental ~300, Lakeview Plastic
 * Surgery ~150), with timelines, insights, enrichment, open decisions and escalations. Deterministic
 * (seeded PRNG, ids derived from stable keys; only the dates move with `now`) and idempotent: re-running
 * adds nothing. One transaction, a handful of multi-row statements. Then the leads' appointments go to calendar's
 * seed through a handoff file in SEED_HANDOFF_DIR.
 */
export async function seedPeopleReport(
  dataSource: DataSource,
  now = Date.now(),
  env: NodeJS.ProcessEnv = process.env,
): Promise<SeedReport> {
  const started = performance.now();
  const practices: Record<string, Inserted> = {};
  const personIds: string[] = [];
  await dataSource.transaction(async (manager) => {
    for (const practice of SEED_PRACTICES) {
      const seed = buildPractice(practice, now);
      personIds.push(...seed.persons.map((person) => person.person_id));
      practices[practice.name] = await insertPracticeSeed(manager, seed);
    }
  });
  // The appointments as the timelines in the database tell them (docs/decisions/0024-seeded-appointments.md):
  // calendar's seed gives each its row, with the same id.
  const appointments = await seededAppointments(dataSource.manager, SEED_PRACTICES, personIds);
  const handoff = writeAppointmentsHandoff(appointments, now, env);
  // The leads, their messages and their consults for analytics' Overview (docs/decisions/0028-overview-metrics.md).
  const overview = await writeOverviewHandoff(dataSource.manager, personIds, appointments, now, env);
  return {
    practices,
    appointments: appointments.length,
    handoff,
    overview,
    ms: Math.round(performance.now() - started),
  };
}

/** Seeds the demo leads; returns how many leads were added (0 when they are all there already). */
export async function seedPeople(
  dataSource: DataSource,
  now = Date.now(),
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const report = await seedPeopleReport(dataSource, now, env);
  return Object.values(report.practices).reduce((sum, p) => sum + p.persons, 0);
}

if (require.main === module) {
  seedCommand(peopleService, peopleDatabase, async (dataSource) => {
    const report = await seedPeopleReport(dataSource);
    const lines = Object.entries(report.practices).map(
      ([name, p]) => `${name}: ${p.persons} leads, ${p.events} events, ${p.decisions} open decisions`,
    );
    return (
      `${lines.join('; ')} added in ${report.ms} ms (existing leads kept); ` +
      `${report.appointments} appointments handed to calendar's seed in ${report.handoff}; ` +
      `${report.overview.leads} leads, ${report.overview.messages} messages and ${report.overview.consults} consults ` +
      `handed to analytics' seed in ${report.overview.path}`
    );
  });
}
