import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What the code and the docs rely on is in the repository: a `§N` cites a numbered section of a
 * page under docs/ (docs/product/*.md, docs/architecture.md, …) that has that section, and no
 * file names a path outside the repository (docs/architecture.md §8).
 */

const root = path.resolve(import.meta.dirname, '../..');
const folders = ['functions', 'shared', 'web', 'infra', 'test', 'bench', 'scripts', 'docs'];
const topFiles = ['README.md'];
const checked = /\.(ts|tsx|js|mjs|cjs|css|md)$/;
const skipped = new Set(['node_modules', 'dist', '.git', 'cdk.out', '.data']);

/** Documents outside docs/ that a `§` may seem to cite: other specifications, standards. */
const foreignDocument =
  /\bRFC\s*\d+|\bISO\s*\d+|\bDESIGN\b|\bSTYLE\b|\bspec\b|(?<![\w/.-])(?:client-area|admin-and-auth)(?![\w.-])/g;
/** A Markdown file named by its path. */
const markdownPath = /(?<![\w/.-])(?:\.{1,2}\/)*[\w-]+(?:\/[\w.-]+)*\.md(?![\w-])/g;
/** Files that live beside the repository, never in it. */
const outsideNames = /\bDESIGN\.md\b|\bSTYLE\.md\b|(?<![\w-])spec\/(?:client-area|admin-and-auth)\b/g;
/** A relative path that climbs: checked to stay inside the repository. */
const climbingPath = /(?<![\w.])(?:\.\.\/)+[\w@.-]+/g;

/** The numbers of a Markdown page's numbered headings (`## 2. Screens` has 2). */
export function sectionNumbers(markdown: string): Set<string> {
  const numbers = new Set<string>();
  for (const match of markdown.matchAll(/^#{1,6}\s+(\d+(?:\.\d+)*)\.?\s/gm)) numbers.add(match[1]!);
  return numbers;
}

/** The lines before a position, at most this many before its own, where its citation may begin. */
const CITATION_LINES = 2;

function citationWindow(text: string, index: number): { start: number; window: string } {
  let start = text.lastIndexOf('\n', index - 1) + 1;
  for (let line = 0; line < CITATION_LINES && start > 0; line++)
    start = text.lastIndexOf('\n', start - 2) + 1;
  return { start, window: text.slice(start, index) };
}

function lastMatch(pattern: RegExp, text: string): RegExpMatchArray | undefined {
  let last: RegExpMatchArray | undefined;
  for (const match of text.matchAll(pattern)) last = match;
  return last;
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

/**
 * What is wrong with the references of one file (`file` relative to the repository, with `/`):
 * each `§N` must follow, on its line or the two before, the path of a page under docs/ that has a
 * section N (a page under docs/ may cite its own sections without a path); nothing may name a file
 * outside the repository. `readDoc` answers a page's text by its path from the root, or undefined.
 */
export function referenceProblems(
  file: string,
  text: string,
  readDoc: (docPath: string) => string | undefined,
): string[] {
  const problems: string[] = [];
  const inDocs = file.startsWith('docs/') && file.endsWith('.md');

  for (const section of text.matchAll(/§/g)) {
    const at = section.index;
    const where = `${file}:${lineOf(text, at)}`;
    const number = /^\s?(\d+(?:\.\d+)*)/.exec(text.slice(at + 1))?.[1];
    if (number === undefined) {
      problems.push(`${where}: § without a section number`);
      continue;
    }
    const { start, window } = citationWindow(text, at);
    const foreign = lastMatch(foreignDocument, window);
    const page = lastMatch(markdownPath, window);
    if (foreign !== undefined && (page === undefined || (foreign.index ?? 0) > (page.index ?? 0))) {
      problems.push(`${where}: §${number} cites ${foreign[0]}, outside docs/`);
      continue;
    }
    let target: string;
    if (page !== undefined) {
      const named = page[0];
      target = named.startsWith('docs/')
        ? path.posix.normalize(named)
        : inDocs
          ? path.posix.join(path.posix.dirname(file), named)
          : named;
    } else if (inDocs) {
      target = file;
    } else {
      const cited = text.slice(start, at + 1 + number.length).trim();
      problems.push(`${where}: §${number} names no page under docs/ ("${cited}")`);
      continue;
    }
    if (!target.startsWith('docs/')) {
      problems.push(`${where}: §${number} cites ${target}, outside docs/`);
      continue;
    }
    const doc = readDoc(target);
    if (doc === undefined) problems.push(`${where}: §${number} cites ${target}, which does not exist`);
    else if (!sectionNumbers(doc).has(number)) problems.push(`${where}: ${target} has no section ${number}`);
  }

  for (const match of text.matchAll(outsideNames)) {
    problems.push(`${file}:${lineOf(text, match.index)}: names ${match[0]}, which is not in the repository`);
  }
  for (const match of text.matchAll(climbingPath)) {
    const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), match[0]));
    if (resolved.startsWith('../')) {
      problems.push(`${file}:${lineOf(text, match.index)}: ${match[0]} leads outside the repository`);
    }
  }
  return problems;
}

function filesUnder(folder: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    if (skipped.has(entry.name)) continue;
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) files.push(...filesUnder(relative));
    else if (checked.test(entry.name)) files.push(relative);
  }
  return files;
}

const docs = new Map<string, string | undefined>();
function readDoc(docPath: string): string | undefined {
  if (!docs.has(docPath)) {
    const absolute = path.join(root, docPath);
    docs.set(docPath, existsSync(absolute) ? readFileSync(absolute, 'utf8') : undefined);
  }
  return docs.get(docPath);
}
/** This file, whose examples are what the check refuses. */
const self = path
  .relative(root, import.meta.filename)
  .split(path.sep)
  .join('/');

describe('references in code and docs', () => {
  it('cite only numbered sections of pages under docs/ that have them, and no file outside the repository', () => {
    const files = [...folders.flatMap(filesUnder), ...topFiles].filter((file) => file !== self);
    expect(files.length).toBeGreaterThan(100);
    const problems = files.flatMap((file) =>
      referenceProblems(file, readFileSync(path.join(root, file), 'utf8'), readDoc),
    );
    expect(problems).toEqual([]);
  });

  it('the product pages and the architecture page have the sections 1 to 8 their citations use', () => {
    for (const page of [
      'docs/product/client-area.md',
      'docs/product/admin-and-auth.md',
      'docs/architecture.md',
    ]) {
      expect([...sectionNumbers(readDoc(page) ?? '')].slice(0, 8)).toEqual([
        '1',
        '2',
        '3',
        '4',
        '5',
        '6',
        '7',
        '8',
      ]);
    }
  });

  const pages: Record<string, string> = {
    'docs/product/client-area.md': '# Client\n\n## 1. One\n\n## 2. Two\n\nSee §1.\n',
    'docs/architecture.md': '# Architecture\n\n## 6. Data\n',
  };
  const check = (file: string, text: string) => referenceProblems(file, text, (docPath) => pages[docPath]);

  it('takes a citation of a page under docs/ that has the section, wrapped over lines or chained', () => {
    expect(
      check(
        'shared/x.ts',
        '/**\n * Events (docs/product/client-area.md §2 "Event form",\n * §1; docs/architecture.md §6).\n */\n',
      ),
    ).toEqual([]);
    expect(check('docs/product/client-area.md', pages['docs/product/client-area.md']!)).toEqual([]);
    expect(check('docs/product/other.md', 'As [client-area.md §2](client-area.md#2-two) says.\n')).toEqual(
      [],
    );
    expect(check('web/src/a.ts', "import { roles } from '@shared/roles';\n")).toEqual([]);
  });

  it('refuses a § of a document outside docs/, or of nothing named', () => {
    expect(check('shared/x.ts', '// The rule (client-area §5).\n')).toEqual([
      'shared/x.ts:1: §5 cites client-area, outside docs/',
    ]);
    expect(check('shared/x.ts', '// Scope (DESIGN §5).\n')).toEqual([
      'shared/x.ts:1: §5 cites DESIGN, outside docs/',
    ]);
    expect(check('shared/x.ts', '// A step (RFC 6238 §5.2).\n')).toEqual([
      'shared/x.ts:1: §5.2 cites RFC 6238, outside docs/',
    ]);
    expect(check('shared/x.ts', '// At most 15 (§9).\n')).toHaveLength(1);
    expect(check('shared/x.ts', '// See README.md §2.\n')).toEqual([
      'shared/x.ts:1: §2 cites README.md, outside docs/',
    ]);
  });

  it('refuses a section the cited page does not have, and a page that does not exist', () => {
    expect(check('shared/x.ts', '// (docs/product/client-area.md §9)\n')).toEqual([
      'shared/x.ts:1: docs/product/client-area.md has no section 9',
    ]);
    expect(check('shared/x.ts', '// (docs/product/nowhere.md §1)\n')).toEqual([
      'shared/x.ts:1: §1 cites docs/product/nowhere.md, which does not exist',
    ]);
  });

  it('refuses a path outside the repository', () => {
    expect(check('docs/architecture.md', '`../shared/DESIGN.md` records them.\n')).toEqual([
      'docs/architecture.md:1: names DESIGN.md, which is not in the repository',
    ]);
    expect(check('functions/a/b.test.ts', "path.resolve(dir, '../../../shared/fixtures/cap')\n")).toEqual([
      'functions/a/b.test.ts:1: ../../../shared leads outside the repository',
    ]);
    expect(check('docs/x.md', 'The spec is in spec/client-area.md.\n')).toEqual([
      'docs/x.md:1: names spec/client-area, which is not in the repository',
    ]);
  });
});
