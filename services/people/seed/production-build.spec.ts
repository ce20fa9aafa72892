import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';

/**
 * The demo seed (fake leads, names, texts) is its own project: the people service's build and the default
 * Docker target must not carry it; only `npm run seed`, the tests and the `demo` image target do.
 */
const ROOT = join(__dirname, '..', '..', '..');

function projectFiles(tsconfig: string): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, tsconfig),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${tsconfig}`);
  return parsed.fileNames.map((file) => file.slice(ROOT.length + 1));
}

/** The stages of the Dockerfile, in order, each with its instructions. */
function dockerStages(): { name: string; from: string; lines: string[] }[] {
  const stages: { name: string; from: string; lines: string[] }[] = [];
  for (const line of readFileSync(join(ROOT, 'Dockerfile'), 'utf8').split('\n')) {
    const from = /^FROM\s+(\S+)\s+AS\s+(\S+)/i.exec(line);
    if (from) stages.push({ name: from[2], from: from[1], lines: [] });
    else if (stages.length && line.trim() && !line.startsWith('#'))
      stages[stages.length - 1].lines.push(line);
  }
  return stages;
}

describe('the people demo seed stays out of production', () => {
  it('is not compiled into the service build', () => {
    const files = projectFiles('services/people/tsconfig.json');
    expect(files).toContain('services/people/src/main.ts');
    expect(files.filter((file) => file.includes('/seed'))).toEqual([]);
  });

  it('is a project of its own that the workspace build compiles for `npm run seed`', () => {
    expect(projectFiles('services/people/seed/tsconfig.json')).toContain('services/people/seed/seed.ts');
    const build = JSON.parse(readFileSync(join(ROOT, 'tsconfig.build.json'), 'utf8')) as {
      references: { path: string }[];
    };
    expect(build.references.map((reference) => reference.path)).toContain('services/people/seed');
  });

  it('is left out of the default Docker target and carried only by the demo target', () => {
    const stages = dockerStages();
    const last = stages[stages.length - 1];
    const chain = (name: string): string[] => {
      const stage = stages.find((candidate) => candidate.name === name);
      return stage ? [...stage.lines, ...chain(stage.from)] : [];
    };
    expect(last.name).toBe('runtime');
    expect(chain('runtime').filter((line) => /seed/.test(line))).toEqual([]);
    expect(chain('demo').some((line) => /COPY .*services\/people\/seed\/dist/.test(line))).toBe(true);
  });
});
