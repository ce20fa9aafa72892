/**
 * The repository stands on its own: nothing cites a document that is not in it, and every relative link of
 * the Markdown files resolves to a file of the repository (and, into a Markdown file, to one of its headings).
 * Where code needs the product's behaviour it points into docs/product (docs/conventions.md#citing-the-product).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const ROOT = resolve(__dirname, '..');
const THIS_FILE = relative(ROOT, __filename).split(sep).join('/');

/** Files git tracks (falls back to a walk of the tree where git is not available, e.g. in an image). */
function trackedFiles(): string[] {
  try {
    return execFileSync('git', ['ls-files', '-z'], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
      .split('\0')
      .filter((file) => file !== '' && existsSync(join(ROOT, file)));
  } catch {
    const skipped = new Set(['node_modules', '.git', 'dist', '.data', '.run', '.kafka', '.nx']);
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
        if (skipped.has(entry.name)) continue;
        const path = dir ? `${dir}/${entry.name}` : entry.name;
        if (entry.isDirectory()) walk(path);
        else files.push(path);
      }
    };
    walk('');
    return files;
  }
}

const files = trackedFiles().filter((file) => !file.split('/').includes('node_modules'));

/** Text files only: a NUL byte in the first 8 KB marks a binary (images, audio). */
function readText(file: string): string | null {
  const buffer = readFileSync(join(ROOT, file));
  return buffer.subarray(0, 8192).includes(0) ? null : buffer.toString('utf8');
}

/** What a citation of a document outside the repository looks like. */
const OUTSIDE_REFERENCES: { name: string; pattern: RegExp }[] = [
  { name: 'a path into the shared folder beside the repository', pattern: /\.\.\/shared\b/ },
  { name: '"spec N §"', pattern: /\bspec\s+\d\s*§/i },
  { name: 'a bare section sign with a number', pattern: /§\s*\d/ },
  {
    name: 'a specification file name',
    pattern: /(?<![\w-])[123]-(shell-leads-onboarding|calendar-analytics-lead-panel|settings)\.md\b/,
  },
  { name: 'the outside architecture or conventions pages', pattern: /\b(ARCHITECTURE|CONVENTIONS)\.md\b/ },
];

/** Markdown without fenced code blocks and inline code, where link-like text is not a link. */
function withoutCode(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens; repeats get -1, -2 … */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const text = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const [, heading] of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const plain = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, '');
    const slug = plain
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  for (const [, id] of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id);
  return anchors;
}

interface Link {
  file: string;
  target: string;
}

function linksOf(file: string, markdown: string): Link[] {
  const links: Link[] = [];
  const text = withoutCode(markdown);
  for (const [, target] of text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    links.push({ file, target });
  }
  for (const [, target] of text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)) {
    links.push({ file, target });
  }
  return links;
}

const markdownFiles = files.filter((file) => file.endsWith('.md'));

describe('the repository stands on its own', () => {
  it('has the maintainer documents the README points to', () => {
    for (const doc of ['docs/architecture.md', 'docs/conventions.md', 'docs/product/README.md']) {
      expect(existsSync(join(ROOT, doc))).toBe(true);
    }
  });

  it.each(OUTSIDE_REFERENCES)('no tracked file cites $name', ({ pattern }) => {
    const offenders: string[] = [];
    for (const file of files) {
      if (file === THIS_FILE) continue;
      const text = readText(file);
      if (text === null) continue;
      text.split('\n').forEach((line, index) => {
        if (pattern.test(line)) offenders.push(`${file}:${index + 1}: ${line.trim().slice(0, 140)}`);
      });
    }
    expect(offenders).toEqual([]);
  });

  it('resolves every relative link of the Markdown files to a file of the repository and its heading', () => {
    const broken: string[] = [];
    const anchorCache = new Map<string, Set<string>>();
    const anchorsIn = (path: string): Set<string> => {
      let anchors = anchorCache.get(path);
      if (!anchors) {
        anchors = anchorsOf(readFileSync(path, 'utf8'));
        anchorCache.set(path, anchors);
      }
      return anchors;
    };
    for (const file of markdownFiles) {
      const source = join(ROOT, file);
      for (const { target } of linksOf(file, readFileSync(source, 'utf8'))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: …
        const [pathPart, anchor] = target.split('#', 2);
        const path = pathPart === '' ? source : resolve(dirname(source), decodeURIComponent(pathPart));
        const where = `${file} → ${target}`;
        if (relative(ROOT, path).startsWith('..')) {
          broken.push(`${where} (outside the repository)`);
        } else if (!existsSync(path)) {
          broken.push(`${where} (no such file)`);
        } else if (
          anchor &&
          statSync(path).isFile() &&
          path.endsWith('.md') &&
          !anchorsIn(path).has(anchor)
        ) {
          broken.push(`${where} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('citations of docs/ in code and docs', () => {
  it('name a file of docs/ and a heading it has', () => {
    const broken: string[] = [];
    for (const file of files) {
      if (file === THIS_FILE || file.startsWith('docs/')) continue;
      const text = readText(file);
      if (text === null) continue;
      for (const [, doc, anchor] of text.matchAll(/\bdocs\/([\w./-]*\w\.md)(?:#([\w-]+))?/g)) {
        const path = join(ROOT, 'docs', doc);
        if (!existsSync(path)) broken.push(`${file} → docs/${doc} (no such file)`);
        else if (anchor && !anchorsOf(readFileSync(path, 'utf8')).has(anchor)) {
          broken.push(`${file} → docs/${doc}#${anchor} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('anchorsOf', () => {
  it('spells headings the way GitHub links them, numbering repeats', () => {
    const anchors = anchorsOf(
      '# The AI\n## Where each endpoint’s code is\n## Calls\n### Calls\n<a id="x-y"></a>',
    );
    expect([...anchors]).toEqual(['the-ai', 'where-each-endpoints-code-is', 'calls', 'calls-1', 'x-y']);
  });

  it('ignores headings inside code blocks', () => {
    expect([...anchorsOf('```\n# not a heading\n```\n## Real')]).toEqual(['real']);
  });
});
