import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readSeedHandoff, seedHandoffDir, writeSeedHandoff } from './seed-handoff';

describe('seed handoff files', () => {
  it('live in SEED_HANDOFF_DIR, else in one directory under the temporary directory', () => {
    expect(seedHandoffDir({ SEED_HANDOFF_DIR: '/srv/seed' })).toBe('/srv/seed');
    expect(seedHandoffDir({ SEED_HANDOFF_DIR: ' ' })).toBe(join(tmpdir(), 'practicepilot-seed-handoff'));
    expect(seedHandoffDir({})).toBe(join(tmpdir(), 'practicepilot-seed-handoff'));
  });

  it('are written whole (no temporary file left) and read back; a missing one reads as null', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-handoff-'));
    const env = { SEED_HANDOFF_DIR: join(dir, 'nested') };
    try {
      expect(readSeedHandoff('a.json', env)).toEqual({ path: join(dir, 'nested', 'a.json'), text: null });
      expect(writeSeedHandoff('a.json', { v: 1, rows: [1, 2] }, env)).toBe(join(dir, 'nested', 'a.json'));
      expect(JSON.parse(readSeedHandoff('a.json', env).text ?? '')).toEqual({ v: 1, rows: [1, 2] });
      expect(readdirSync(join(dir, 'nested'))).toEqual(['a.json']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
