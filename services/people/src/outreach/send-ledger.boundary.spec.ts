import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** SendLedger (send-ledger.ts) owns `people.outreach_sends`: no other file of the service reads or writes it. */
const SRC = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

const TOUCHES_LEDGER = [
  /"outreach_sends"/,
  /\b(getRepository|create|save|update|insert|delete)\(\s*OutreachSend\b/,
];

describe('the send ledger has one owner', () => {
  it('is queried only from send-ledger.ts', () => {
    const touching = sourceFiles(SRC)
      .filter((path) => TOUCHES_LEDGER.some((pattern) => pattern.test(readFileSync(path, 'utf8'))))
      .map((path) => relative(SRC, path));
    expect(touching).toEqual(['outreach/send-ledger.ts']);
  });
});
