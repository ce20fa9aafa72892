import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { i18nProvider } from '../providers/i18nProvider';
import { en } from './en';

const SRC = join(__dirname, '..');
/** The shared contracts: where event types, stage filter ids and other run-time key parts are spelled. */
const CONTRACTS = join(__dirname, '..', '..', '..', 'libs', 'contracts', 'src');

/** Every .ts/.tsx module of the console, without the tests. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function lookUp(key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
}

/** `pp.…` keys written as literals, with the files that use them. */
function literalKeys(): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    for (const [, key] of readFileSync(file, 'utf8').matchAll(/['"`](pp\.[a-z_.]+)['"`]/g)) {
      keys.set(key, [...(keys.get(key) ?? []), relative(SRC, file)]);
    }
  }
  return keys;
}

/** Every text of the catalogue, as its `pp.…` key. */
function leafKeys(node: unknown = en, path = ''): string[] {
  if (typeof node === 'string') return [path];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    leafKeys(value, path ? `${path}.${key}` : key),
  );
}

/**
 * How the console reaches its texts, read from the sources: literal keys ('pp.a.b'), keys built at run
 * time under a literal prefix (`pp.a.${x}`: the part after the prefix must be spelled somewhere as a
 * string or property name), and property paths of the catalogue object (en.pp.a.b, or t.b after
 * `const t = en.pp.a`).
 */
function usage() {
  const sources = sourceFiles(SRC).map((file) => readFileSync(file, 'utf8'));
  const spelled = [...sources, ...sourceFiles(CONTRACTS).map((file) => readFileSync(file, 'utf8'))].join(
    '\n',
  );
  const literal = new Set<string>();
  const prefixes = new Set<string>();
  const paths = new Set<string>();
  for (const text of sources) {
    for (const [, key] of text.matchAll(/['"`](pp\.[a-z_.]+)['"`]/g)) literal.add(key);
    for (const [, prefix] of text.matchAll(/`(pp\.[a-z_.]+\.)\$\{/g)) prefixes.add(prefix);
    for (const [, path] of text.matchAll(/\ben\.(pp(?:\.\w+)+)/g)) paths.add(path);
    for (const [, alias, base] of text.matchAll(/\b(\w+) = en\.(pp(?:\.\w+)+)/g))
      for (const [, rest] of text.matchAll(new RegExp(`\\b${alias}\\.(\\w+(?:\\.\\w+)*)`, 'g')))
        paths.add(`${base}.${rest}`);
  }
  const spelledAsPart = (part: string) => new RegExp(`['"\`]${part}['"\`]|\\b${part}\\??:`).test(spelled);
  return (key: string) =>
    literal.has(key) ||
    // en.pp.a.b (or en.pp.a.b.replace(…)), and en.pp.a handed on whole (its keys are read from it).
    [...paths].some((path) => key === path || key.startsWith(`${path}.`) || path.startsWith(`${key}.`)) ||
    [...prefixes].some((prefix) => key.startsWith(prefix) && spelledAsPart(key.slice(prefix.length)));
}

describe('the English catalogue', () => {
  const keys = literalKeys();

  it('is scanned over the whole console (the scan finds the keys in use)', () => {
    expect(keys.size).toBeGreaterThan(40);
    expect(keys.get('pp.login.title')).toContain('pages/LoginPage.tsx');
  });

  it('has a text for every pp.* key the console uses', () => {
    const missing = [...keys].filter(([key]) => typeof lookUp(key) !== 'string');
    expect(missing).toEqual([]);
  });

  it.each(['leads', 'calendar', 'analytics', 'settings'])(
    'has a text for the area name pp.areas.%s built at run time',
    (area) => {
      expect(typeof lookUp(`pp.areas.${area}`)).toBe('string');
    },
  );

  it('has no text the console never shows (a dead key is deleted, not kept "just in case")', () => {
    const used = usage();
    expect(leafKeys(en.pp, 'pp').filter((key) => !used(key))).toEqual([]);
  });

  it('resolves through the i18n provider to English text, not to the key', () => {
    expect(i18nProvider.translate('pp.login.title')).toBe('Welcome back');
    expect(i18nProvider.translate('pp.common.not_built_title', { area: 'Leads' })).toBe(
      'Leads is on its way',
    );
    expect(i18nProvider.translate('ra.action.save')).toBe('Save');
  });
});
