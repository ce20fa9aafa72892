import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where one seed leaves what a later seed needs (docs/decisions/0024-seeded-appointments.md): `SEED_HANDOFF_DIR`,
 * which the orchestrators (deploy/local/seed.mjs, docker-compose's migrate) set to a directory of their own per run;
 * without it, one directory under the system's temporary directory, so that running people's seed and then
 * calendar's by hand still works.
 */
export function seedHandoffDir(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.SEED_HANDOFF_DIR?.trim();
  return configured ? configured : join(tmpdir(), 'practicepilot-seed-handoff');
}

/** Writes a handoff file (JSON) atomically: a reader never sees half of it. Returns its path. */
export function writeSeedHandoff(file: string, value: unknown, env: NodeJS.ProcessEnv = process.env): string {
  const dir = seedHandoffDir(env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, file);
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(value)}\n`, { mode: 0o600 });
  renameSync(temporary, path);
  return path;
}

/** A handoff file's text, or null when the earlier seed left none. */
export function readSeedHandoff(
  file: string,
  env: NodeJS.ProcessEnv = process.env,
): { path: string; text: string | null } {
  const path = join(seedHandoffDir(env), file);
  try {
    return { path, text: readFileSync(path, 'utf8') };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { path, text: null };
    throw error;
  }
}
