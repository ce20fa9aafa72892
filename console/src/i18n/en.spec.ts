import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { i18nProvider } from '../providers/i18nProvider';
import { en } from './en';

const SRC = join(__dirname, '..');

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

  it('resolves through the i18n provider to English text, not to the key', () => {
    expect(i18nProvider.translate('pp.login.title')).toBe('Welcome back');
    expect(i18nProvider.translate('pp.common.not_built_title', { area: 'Leads' })).toBe(
      'Leads is on its way',
    );
    expect(i18nProvider.translate('ra.action.save')).toBe('Save');
  });
});
