import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every folder directly under functions/ (a domain, and core) has a README.md that names its files
 * as they are: each `.ts` file it names exists, and each source file of the folder is named, so a
 * file moved, renamed or added without its README fails here. A domain's README names every
 * non-test `.ts` file of the folder and its subfolders by its path from the folder
 * (`providers/google.ts`); core's names its top-level files and its subfolders (`http/`). A path
 * that starts with a top-level folder of the repository (`shared/series-edit.ts`,
 * `test/api/venues.api.test.ts`) is read from the repository's root.
 */

const root = path.resolve(import.meta.dirname, '../..');
const functionsDir = path.join(root, 'functions');

/** The folder whose README names its subfolders rather than each file in them. */
const CORE = 'core';

/** A `.ts` file named in Markdown: `store.ts`, `providers/google.ts`, `shared/api/routes.ts`. */
const tsPath = /(?<![\w./@-])((?:[\w.-]+\/)*[\w.-]+\.ts)(?![\w])/g;

const isSource = (name: string) =>
  name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts');

/** The `.ts` paths a README names, once each. */
export function namedPaths(readme: string): Set<string> {
  return new Set([...readme.matchAll(tsPath)].map((match) => match[1]!));
}

/** What a README must name: source files by their path from the folder, and subfolders as `dir/`. */
export interface FolderContents {
  files: string[];
  subfolders: string[];
}

/**
 * What is wrong with one folder's README. `exists` answers whether a path exists, from the
 * folder (`fromRoot` false) or from the repository's root; `topFolders` are the repository's
 * top-level folders, whose paths are read from the root.
 */
export function readmeProblems(
  folder: string,
  readme: string | undefined,
  contents: FolderContents,
  exists: (file: string, fromRoot: boolean) => boolean,
  topFolders: ReadonlySet<string>,
): string[] {
  const where = `functions/${folder}/README.md`;
  if (readme === undefined) return [`${where} is missing`];
  const problems: string[] = [];
  const named = namedPaths(readme);
  for (const file of named) {
    const parts = file.split('/');
    const fromRoot = parts.length > 1 && topFolders.has(parts[0]!);
    if (!exists(file, fromRoot))
      problems.push(
        `${where} names ${file}, which is not in ${fromRoot ? 'the repository' : `functions/${folder}/`}`,
      );
  }
  for (const file of contents.files) if (!named.has(file)) problems.push(`${where} does not name ${file}`);
  for (const subfolder of contents.subfolders) {
    const mention = new RegExp(`(?<![\\w./-])${subfolder.replace(/[.-]/g, '\\$&')}/(?![\\w.-])`);
    if (!mention.test(readme)) problems.push(`${where} does not name its subfolder ${subfolder}/`);
  }
  return problems;
}

/** The non-test `.ts` files under `dir`, by their path from it, with `/`. */
function sourceFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return sourceFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`);
    return entry.isFile() && isSource(entry.name) ? [`${prefix}${entry.name}`] : [];
  });
}

function contentsOf(folder: string): FolderContents {
  const dir = path.join(functionsDir, folder);
  if (folder !== CORE) return { files: sourceFiles(dir), subfolders: [] };
  const entries = readdirSync(dir, { withFileTypes: true });
  return {
    files: entries.filter((entry) => entry.isFile() && isSource(entry.name)).map((entry) => entry.name),
    subfolders: entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name),
  };
}

const folders = readdirSync(functionsDir).filter((name) =>
  statSync(path.join(functionsDir, name)).isDirectory(),
);
const topFolders = new Set(readdirSync(root).filter((name) => statSync(path.join(root, name)).isDirectory()));

describe('a README per folder of functions/', () => {
  it('each folder has one, naming its files as they are', () => {
    expect(folders).toContain(CORE);
    const problems = folders.flatMap((folder) => {
      const readmePath = path.join(functionsDir, folder, 'README.md');
      const readme = existsSync(readmePath) ? readFileSync(readmePath, 'utf8') : undefined;
      return readmeProblems(
        folder,
        readme,
        contentsOf(folder),
        (file, fromRoot) => existsSync(path.join(fromRoot ? root : path.join(functionsDir, folder), file)),
        topFolders,
      );
    });
    expect(problems).toEqual([]);
  });

  const files = new Set(['handlers.ts', 'store.ts', 'providers/google.ts', 'store.test.ts']);
  const exists = (file: string, fromRoot: boolean) =>
    fromRoot ? file === 'shared/api/venues-routes.ts' : files.has(file);
  const top = new Set(['shared', 'test']);
  const contents = { files: ['handlers.ts', 'store.ts', 'providers/google.ts'], subfolders: [] };
  const good = [
    '# venues',
    'Routes of `shared/api/venues-routes.ts`.',
    '- `handlers.ts`: the handler map.',
    '- `store.ts`: reads and writes.',
    '- `providers/google.ts`: the client.',
    'Tests: `store.test.ts`.',
  ].join('\n');

  it('takes a README that names every file, and only files that exist', () => {
    expect(readmeProblems('venues', good, contents, exists, top)).toEqual([]);
  });

  it('refuses a folder without a README', () => {
    expect(readmeProblems('venues', undefined, contents, exists, top)).toEqual([
      'functions/venues/README.md is missing',
    ]);
  });

  it('refuses a README that names a file the folder does not have, or a repository path that is gone', () => {
    const moved = good.replace('`store.ts`', '`venue-store.ts`').replace('venues-routes', 'places-routes');
    expect(readmeProblems('venues', moved, contents, exists, top)).toEqual([
      'functions/venues/README.md names shared/api/places-routes.ts, which is not in the repository',
      'functions/venues/README.md names venue-store.ts, which is not in functions/venues/',
      'functions/venues/README.md does not name store.ts',
    ]);
  });

  it('refuses a README that leaves out a file, also one in a subfolder named only by its file name', () => {
    const partial = good.replace('`providers/google.ts`', '`google.ts`');
    expect(readmeProblems('venues', partial, contents, exists, top)).toEqual([
      'functions/venues/README.md names google.ts, which is not in functions/venues/',
      'functions/venues/README.md does not name providers/google.ts',
    ]);
  });

  it("refuses core's README when it leaves out a subfolder", () => {
    const core = { files: ['errors.ts'], subfolders: ['http', 'table'] };
    const readme = '## `errors.ts`\n\n## `http/`\n\n`http/route.ts` is the route factory.';
    const coreExists = (file: string) => ['errors.ts', 'http/route.ts'].includes(file);
    expect(readmeProblems(CORE, readme, core, coreExists, top)).toEqual([
      'functions/core/README.md does not name its subfolder table/',
    ]);
  });
});
