import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import * as ts from 'typescript';

/**
 * No import cycles among the service's files (type-only imports included, as `madge --circular` counts
 * them): a cycle makes load order matter and hides which module owns what (the outreach job type once
 * lived in its processor, which imported the sender, which imported the job type).
 */
const SRC = __dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

function localImports(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => resolve(dirname(file), name))
    .map((base) => [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate)))
    .filter((path): path is string => path !== undefined);
}

/** Every cycle found by a depth-first walk, each as the files along it (first file repeated at the end). */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('people service imports', () => {
  it('have no cycles', () => {
    const files = sourceFiles(SRC);
    const graph = new Map(files.map((file) => [file, localImports(file)]));
    expect(files.length).toBeGreaterThan(20);
    expect([...graph.values()].flat().length).toBeGreaterThan(files.length);
    expect(findCycles(graph).map((cycle) => cycle.map((file) => relative(SRC, file)).join(' -> '))).toEqual(
      [],
    );
  });

  it('finds a cycle through a type-only import', () => {
    const graph = new Map([
      ['processor.ts', ['sender.ts']],
      ['sender.ts', ['processor.ts', 'rules.ts']],
      ['rules.ts', []],
    ]);
    expect(findCycles(graph)).toEqual([['processor.ts', 'sender.ts', 'processor.ts']]);
  });
});
