import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Documents that lived outside the repository: a clone does not have them, so nothing may cite them. */
const OUTSIDE = [/\bDESIGN\.md\b/, /\bpublic-facts(\.md)?\b/, /\bservice-api\.md\b/];

/**
 * A document named in source text: a `.md` path with a folder (`docs/data.md`) or an
 * upper-case name (`ARCHITECTURE.md`), the way a comment cites one. Lower-case bare names
 * (`plan.md`, `*.plan.md`) are files graphform writes, not documents it cites.
 */
const DOCUMENT = /(?<![\w./*-])((?:[\w-]+\/)+[\w-]+\.md|[A-Z][A-Z0-9_-]*\.md)\b/g;

/** A cited section: `docs/x.md "Heading"` or `docs/x.md, "Heading"`, perhaps wrapped over comment lines. */
const SECTION = /((?:[\w-]+\/)*[\w-]+\.md),? "([^"]+)"/g;

export interface DocumentProblem {
  file: string;
  problem: string;
}

/** Every document a text cites that is not in the repository at `root`, or a section its document lacks. */
export function documentProblems(file: string, text: string, root: string): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  for (const outside of OUTSIDE) {
    const found = outside.exec(text);
    if (found !== null) problems.push({ file, problem: `cites ${found[0]}, a document outside the repository` });
  }
  for (const [, name] of text.matchAll(DOCUMENT)) {
    if (name === undefined || OUTSIDE.some((outside) => outside.test(name))) continue;
    if (!existsSync(path.join(root, name))) problems.push({ file, problem: `cites ${name}, which is not in the repository` });
  }
  // Comment lines joined, so a section name wrapped over two lines reads as one.
  const joined = text.replace(/\s*\n\s*(?:\*(?!\/)|\/\/)?\s*/g, ' ');
  for (const [, name, section] of joined.matchAll(SECTION)) {
    if (name === undefined || section === undefined || !existsSync(path.join(root, name))) continue;
    if (!headings(readFileSync(path.join(root, name), 'utf8')).includes(section))
      problems.push({ file, problem: `cites section "${section}" of ${name}, which has no such heading` });
  }
  return problems;
}

/** The text of every markdown heading, without its hashes. */
export function headings(markdown: string): string[] {
  return [...markdown.matchAll(/^#{1,6}\s+(.+?)\s*$/gm)].map((match) => match[1] ?? '');
}

/** Every file under `dir`, recursively, as absolute paths. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}
