import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * LeadActivity (lead-activity.ts) is the only writer of lead events: a timeline event written anywhere else
 * would skip the `lead_updated` broadcast and last_activity_at. This reads the service's source and fails
 * when another file creates, saves, inserts, updates or deletes timeline events.
 */
const SRC = join(__dirname, '..');
const OWNER = 'timeline/lead-activity.ts';

const WRITES = [
  /\b(create|save|insert|update|delete|upsert|remove)\(\s*TimelineEvent\b/,
  /getRepository\(\s*TimelineEvent\s*\)\s*\.(save|insert|update|delete|upsert|remove)\b/,
  /\.into\(\s*TimelineEvent\b/,
  /\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"people"\."events"/i,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

export function writersOfLeadEvents(files: { path: string; text: string }[]): string[] {
  return files.filter(({ text }) => WRITES.some((pattern) => pattern.test(text))).map(({ path }) => path);
}

describe('lead events have one writer', () => {
  it('finds timeline event writes only in lead-activity.ts', () => {
    const files = sourceFiles(SRC).map((path) => ({
      path: relative(SRC, path),
      text: readFileSync(path, 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(20);
    expect(writersOfLeadEvents(files)).toEqual([OWNER]);
  });

  it('recognises the ways a file could write events itself', () => {
    const writers = writersOfLeadEvents([
      { path: 'a.ts', text: 'await manager.save(manager.create(TimelineEvent, { event_type: "x" }));' },
      { path: 'b.ts', text: 'dataSource.getRepository(TimelineEvent).insert(row);' },
      {
        path: 'c.ts',
        text: 'await manager.query(`INSERT INTO "people"."events" ("event_id") VALUES ($1)`);',
      },
      { path: 'd.ts', text: 'await manager.query(`UPDATE "people"."events" SET "content_data" = $2`);' },
      { path: 'e.ts', text: 'qb.insert().into(TimelineEvent).values(rows).execute();' },
      { path: 'f.ts', text: 'await manager.query(`SELECT * FROM "people"."events"`);' },
      { path: 'g.ts', text: 'await dataSource.getRepository(TimelineEvent).find({ where });' },
    ]);
    expect(writers).toEqual(['a.ts', 'b.ts', 'c.ts', 'd.ts', 'e.ts']);
  });
});
