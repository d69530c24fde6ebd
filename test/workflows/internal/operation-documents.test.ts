import { execFileSync } from 'node:child_process';
import { mkdir, symlink, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockingFileCalls, promiseFileCalls, type FileCalls } from '../../../src/fs/file-calls.js';
import { givenPatterns } from '../../../src/operations/document-patterns.js';
import type { DocumentPattern } from '../../../src/operations/types.js';
import { readDocuments, type ReadDocuments } from '../../../src/workflows/internal/operation-documents.js';
import { prepareOperations } from '../../../src/workflows/internal/operations-prepare.js';
import { makeTempDir, writeFiles } from '../../helpers/temp-dir.js';

/** A project whose frontend holds one of each file the reader must refuse, beside two it reads, and a folder outside it. */
async function frontend(): Promise<{ project: string; outside: string }> {
  const base = await makeTempDir('graphform-documents-');
  const project = path.join(base, 'project');
  const outside = path.join(base, 'outside');
  await writeFiles(project, {
    'web/a.graphql': 'query A { a }\n',
    'web/b.tsx': 'const q = gql`query B { b }`;\n',
    'web/latin1.graphql': '',
  });
  await writeFiles(outside, { 'secret.graphql': 'query Secret { canary }\n' });
  await writeFile(path.join(project, 'web/latin1.graphql'), Buffer.from('query C {\n  caf\xe9 }\n', 'latin1'));
  await symlink(path.join(outside, 'secret.graphql'), path.join(project, 'web/out.graphql'));
  await symlink('gone.graphql', path.join(project, 'web/dangling.graphql'));
  execFileSync('mkfifo', [path.join(project, 'web/pipe.graphql')]);
  await mkdir(path.join(project, 'web/folder.graphql'));
  await writeFile(path.join(project, 'web/huge.graphql'), '');
  await truncate(path.join(project, 'web/huge.graphql'), (8 << 20) + 1);
  return { project, outside };
}

/** A pattern as the config writes it, at its list item's line and column in graphform.config.yaml. */
const entry = (pattern: string, line: number, column = 7): DocumentPattern => ({
  pattern,
  key: 'operations.documents',
  file: 'graphform.config.yaml',
  line,
  column,
});

const PATTERNS = [entry('web/*.{graphql,tsx}', 3), entry('web/folder.graphql', 4), entry('pages/**/*.tsx', 5)];

async function read(calls: FileCalls): Promise<{ result: ReadDocuments; outside: string }> {
  const { project, outside } = await frontend();
  return { result: await readDocuments(PATTERNS, project, project, calls), outside };
}

describe.each<[string, FileCalls]>([
  ['fs/promises calls', promiseFileCalls],
  ['blocking calls', blockingFileCalls],
])('readDocuments with %s', (_calls, calls) => {
  it('reads the regular files inside the project and refuses each of the others by name, with its code', async () => {
    const { result, outside } = await read(calls);
    expect(result.texts).toEqual([
      { file: 'web/a.graphql', text: 'query A { a }\n' },
      { file: 'web/b.tsx', text: 'const q = gql`query B { b }`;\n' },
    ]);
    const secret = path.join(outside, 'secret.graphql');
    expect(result.diagnostics.map(({ code, severity, file, line, column, message }) => ({ code, severity, file, line, column, message }))).toEqual([
      {
        code: 'GF_OPERATIONS_NO_MATCH',
        severity: 'error',
        file: 'graphform.config.yaml',
        line: 5,
        column: 7,
        // The config's folder is the working directory here: it is named as `.`.
        message:
          'operations.documents pattern "pages/**/*.tsx" matches no file, so no operation of it is checked: ' +
          "check the pattern against the frontend's files (it is relative to the config's folder, .), or remove it if the frontend has moved away.",
      },
      {
        code: 'GF_OPERATIONS_UNREADABLE',
        severity: 'error',
        file: 'web/dangling.graphql',
        line: 1,
        column: 1,
        message:
          'Frontend document web/dangling.graphql is a symbolic link to gone.graphql, which does not exist: point it at a file inside the project, or remove it.',
      },
      {
        code: 'GF_OPERATIONS_UNREADABLE',
        severity: 'error',
        file: 'web/folder.graphql',
        line: 1,
        column: 1,
        message:
          'Frontend document web/folder.graphql is a folder, not a regular file: graphform reads only regular files, so replace it with the file itself.',
      },
      {
        code: 'GF_OPERATIONS_UNREADABLE',
        severity: 'error',
        file: 'web/huge.graphql',
        line: 1,
        column: 1,
        message: 'web/huge.graphql is larger than 8 MiB; a frontend document that large is not read',
      },
      {
        code: 'GF_OPERATIONS_ENCODING',
        severity: 'error',
        file: 'web/latin1.graphql',
        line: 2,
        column: 6,
        message: expect.stringMatching(/^web\/latin1\.graphql is not UTF-8: /) as unknown,
      },
      {
        code: 'GF_OUTSIDE_PROJECT',
        severity: 'error',
        file: 'web/out.graphql',
        line: 1,
        column: 1,
        message:
          `Frontend document web/out.graphql is a symbolic link to ${secret}, outside the project folder ${path.dirname(path.dirname(secret))}/project: ` +
          'graphform reads project files only from inside the project, so put the file itself there.',
      },
      {
        code: 'GF_OPERATIONS_UNREADABLE',
        severity: 'error',
        file: 'web/pipe.graphql',
        line: 1,
        column: 1,
        message:
          'Frontend document web/pipe.graphql is a FIFO (named pipe), not a regular file: graphform reads only regular files, so replace it with the file itself.',
      },
    ]);
    expect(JSON.stringify(result)).not.toContain('canary');
  });

  it('reads a file of exactly the limit', async () => {
    const project = await makeTempDir();
    await writeFiles(project, { 'big.graphql': '' });
    await writeFile(path.join(project, 'big.graphql'), Buffer.alloc(8 << 20, 0x20));
    const result = await readDocuments(givenPatterns(['*.graphql'], 'documents'), project, project, calls);
    expect(result.diagnostics).toEqual([]);
    expect(result.texts.map(({ file, text }) => [file, text.length])).toEqual([['big.graphql', 8 << 20]]);
  });
});

describe('readDocuments, a pattern that gives no document', () => {
  it('is an error at the place the pattern was written: the config entry, or the option that gave it, with no line invented', async () => {
    const base = await makeTempDir('graphform-patterns-');
    const project = path.join(base, 'app');
    await writeFiles(project, { 'web/src/a.graphql': 'query A { a }\n' });
    await writeFiles(path.join(base, 'outside'), { 'q.graphql': 'query Far { a }\n' });
    const patterns = [
      entry('web/src/*.graphql', 3),
      entry('web/sr/**/*.tsx', 4),
      entry('../outside/*.graphql', 5),
      entry('web/missing.graphql', 6),
      entry(`web/${'{a,b}'.repeat(7)}.graphql`, 7),
      ...givenPatterns(['web/nothing/*.tsx'], '--documents'),
    ];
    const result = await readDocuments(patterns, project, project);
    // The pattern that matches is read all the same.
    expect(result.texts).toEqual([{ file: 'web/src/a.graphql', text: 'query A { a }\n' }]);
    const places = result.diagnostics.map(({ code, severity, file, line, column }) => `${file}:${line}:${column} ${severity} ${code}`);
    expect(places, 'each problem of a pattern points at its own entry, or at --documents without a line').toEqual([
      '--documents:0:0 error GF_OPERATIONS_NO_MATCH',
      'graphform.config.yaml:4:7 error GF_OPERATIONS_NO_MATCH',
      'graphform.config.yaml:5:7 error GF_OUTSIDE_PROJECT',
      'graphform.config.yaml:6:7 error GF_OPERATIONS_UNREADABLE',
      'graphform.config.yaml:7:7 error GF_OPERATIONS_PATTERN',
    ]);
    const messages = result.diagnostics.map((d) => d.message);
    expect(messages[0]).toBe(
      '--documents pattern "web/nothing/*.tsx" matches no file, so no operation of it is checked: ' +
        "check the pattern against the frontend's files (it is relative to the config's folder, .), or remove it if the frontend has moved away.",
    );
    expect(messages[2]).toBe(
      `operations.documents pattern "../outside/*.graphql" reaches ${path.join(base, 'outside/*.graphql')}, outside the project folder ${project}: ` +
        "graphform reads frontend documents only from inside the project, so point the pattern at files there (it is relative to the config's folder), or remove it.",
    );
    expect(messages[3]).toBe(
      'operations.documents names "web/missing.graphql", which does not exist: ' +
        "correct the path (it is relative to the config's folder, .), or remove it if the frontend has moved away.",
    );
    expect(messages[4]).toMatch(/^operations\.documents: The pattern "web\/\{a,b\}.*" has braces that expand/);
    // Nothing is read from outside, and no file is named after a pattern.
    expect(JSON.stringify(result)).not.toContain('Far');
  });

  it('names the config folder as the working directory sees it', async () => {
    const cwd = await makeTempDir();
    await writeFiles(cwd, { 'app/web/a.graphql': 'query A { a }\n' });
    const result = await readDocuments([entry('web/b/*.graphql', 3)], path.join(cwd, 'app'), cwd);
    expect(result.diagnostics.map((d) => d.message)).toEqual([expect.stringContaining("(it is relative to the config's folder, app)")]);
  });
});

describe('readDocuments', () => {
  it('gives the same result whichever calls it makes', async () => {
    const blocking = await read(blockingFileCalls);
    const promised = await read(promiseFileCalls);
    const anonymous = ({ result, outside }: { result: ReadDocuments; outside: string }): string =>
      JSON.stringify(result).split(path.dirname(outside)).join('<base>');
    expect(anonymous(blocking)).toBe(anonymous(promised));
  });
});

/** The blocking calls, counted: how many of each a read makes. */
function counted(): { calls: FileCalls; counts: Record<string, number> } {
  const counts: Record<string, number> = {};
  const count = (name: string): void => void (counts[name] = (counts[name] ?? 0) + 1);
  const base = blockingFileCalls;
  const calls: FileCalls = {
    lstat: (file) => (count('lstat'), base.lstat(file)),
    stat: (file) => (count('stat'), base.stat(file)),
    realpath: (file) => (count('realpath'), base.realpath(file)),
    readlink: (file) => (count('readlink'), base.readlink(file)),
    readdir: (dir) => (count('readdir'), base.readdir(dir)),
    open: async (file, flags) => {
      count('open');
      const opened = await base.open(file, flags);
      return {
        stat: () => (count('fstat'), opened.stat()),
        read: (buffer, offset, length, position) => (count('read'), opened.read(buffer, offset, length, position)),
        close: () => (count('close'), opened.close()),
      };
    },
  };
  return { calls, counts };
}

describe('readDocuments system calls', () => {
  it('inspects each file once and reads it in one call', async () => {
    const project = await makeTempDir();
    const files = Object.fromEntries(Array.from({ length: 10 }, (_, n) => [`web/q${n}.graphql`, `query Q${n} { a }\n`.repeat(n * 50)]));
    await writeFiles(project, files);
    const { calls, counts } = counted();
    const result = await readDocuments(givenPatterns(['web/*.graphql'], 'documents'), project, project, calls);
    expect(result.diagnostics).toEqual([]);
    expect(result.texts.map(({ file, text }) => [file, text])).toEqual(Object.entries(files));
    // One listing; per file an lstat, a realpath (one more for the project root), an open, its fstat, one read and a close.
    expect(counts).toEqual({ readdir: 1, lstat: 10, realpath: 11, open: 10, fstat: 10, read: 10, close: 10 });
  });
});

describe('prepareOperations', () => {
  it('reads the documents with the calls it is given', async () => {
    const project = await makeTempDir();
    await writeFiles(project, { 'web/a.graphql': 'query A { a }\n' });
    const { calls, counts } = counted();
    const prepared = await prepareOperations(
      { patterns: givenPatterns(['web/*.graphql'], 'documents'), rootDir: project, cwd: project, declarations: [], cache: false },
      calls,
    );
    expect(prepared.read.texts).toEqual([{ file: 'web/a.graphql', text: 'query A { a }\n' }]);
    expect(counts.open).toBe(1);
  });
});
