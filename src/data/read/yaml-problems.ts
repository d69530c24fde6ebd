import type { Document } from 'yaml';
import { excerpt } from '../../diagnostics/excerpt.js';
import { findDuplicateKeys } from '../../load/duplicate-keys.js';
import { DATA_CODES } from '../codes.js';
import { formatBytes } from '../progress/format-progress.js';
import type { ReadEntry } from '../types.js';
import { isActionShape } from './action-line.js';
import { isCyclic } from './cyclic-value.js';
import { dataIssue } from './issue.js';
import { nestsDeeperThan } from '../../model/value-depth.js';
import { MAX_DATA_DEPTH, tooDeepEntry } from './item-depth.js';
import { plainItemEntry, type PlainItemFields } from './plain-item.js';

/** The most YAML text parsed at once: a whole file that is not a block list, or one item of a block list. */
export const MAX_YAML_PARSE_BYTES = 4 * 1024 * 1024;

/** yaml's limit on alias expansion, as its own default: an honest file uses a few aliases. */
export const MAX_ALIAS_COUNT = 100;

/** What yaml says when a file holds a second document, as the whole-file reader reports it. */
export const MULTIPLE_DOCUMENTS = 'Source contains multiple documents; please use YAML.parseAllDocuments()';

/** Why a YAML data file gives no (more) items, at a line. */
export type YamlProblem =
  /** yaml's first error; `message` is its first line; `column` where yaml places it, when it does. */
  | { kind: 'syntax'; line: number; column?: number; message: string }
  | { kind: 'duplicate'; line: number; column: number; key: string; firstLine: number }
  | { kind: 'not-a-list'; line: number }
  /** Alias expansion failed (past the limit, or no anchor): `reason` is yaml's. */
  | { kind: 'alias'; line: number; reason: string }
  /** Not a block list, and too large to be read whole. */
  | { kind: 'not-read-whole'; line: number }
  /** Lists and maps nest deeper than MAX_DATA_DEPTH from here on: the text was not parsed, as the parser recurses. */
  | { kind: 'too-deep'; line: number; column: number };

/** A line and column (1-based, in UTF-16 code units) in the file. */
export interface YamlPlace {
  line: number;
  column: number;
}

/** yaml's first error in `doc`, else its first repeated key, placed in the file by `placeOf(offset)`. */
export function documentProblem(doc: Document.Parsed, placeOf: (offset: number) => YamlPlace): YamlProblem | undefined {
  const [error] = doc.errors;
  // Later parse errors usually follow from the first one: report that one only.
  if (error !== undefined) return { kind: 'syntax', ...placeOf(error.pos[0]), message: error.message.split('\n')[0] ?? '' };
  // Repeated keys are found in one pass; yaml's own check is quadratic in a map's size.
  const [repeated] = findDuplicateKeys(doc);
  if (repeated !== undefined) return { kind: 'duplicate', ...placeOf(repeated.offset), key: repeated.key, firstLine: placeOf(repeated.firstOffset).line };
  return undefined;
}

export function yamlProblemEntry(problem: YamlProblem, file: string): ReadEntry {
  const column = 'column' in problem ? (problem.column ?? 1) : 1;
  const issue = (code: (typeof DATA_CODES)[keyof typeof DATA_CODES], message: string): ReadEntry => ({
    kind: 'issue',
    issue: { ...dataIssue(code, file, problem.line, message), column },
  });
  switch (problem.kind) {
    case 'syntax':
      return issue(DATA_CODES.invalidYaml, `This is not valid YAML: ${excerpt(problem.message, 200)}`);
    case 'duplicate':
      return issue(
        DATA_CODES.invalidYaml,
        `This is not valid YAML: map keys must be unique, and "${excerpt(problem.key)}" repeats the key on line ${problem.firstLine}.`,
      );
    case 'not-a-list':
      return issue(DATA_CODES.notAList, 'A YAML data file must hold one list of items (each starting with "- ").');
    case 'alias':
      return issue(
        DATA_CODES.invalidYaml,
        `This YAML could not be read: ${excerpt(problem.reason, 200)}. Its aliases (*name) expand to too much; write the items out, or use NDJSON.`,
      );
    case 'not-read-whole':
      return issue(
        DATA_CODES.fileTooLarge,
        'This YAML file does not hold a block list (items starting with "- " at the start of a line), ' +
          `and graphform reads such a YAML file whole, only up to ${formatBytes(MAX_YAML_PARSE_BYTES)}: it was not read. ` +
          'A YAML data file must hold one list of items: write it as a block list, which is read item by item, or put the data in NDJSON (.ndjson).',
      );
    case 'too-deep':
      return tooDeepEntry(file, problem);
    default: {
      const unreachable: never = problem;
      throw new Error(`unhandled YAML problem ${JSON.stringify(unreachable)}`);
    }
  }
}

/** An item of a YAML list as an entry: a plain item, never an action line. */
export function yamlItemEntry(value: unknown, file: string, line: number, fields: PlainItemFields): ReadEntry {
  if (isActionShape(value)) {
    return {
      kind: 'issue',
      issue: dataIssue(DATA_CODES.unexpectedAction, file, line, 'JSON and YAML data files hold plain items, not action lines: put the item itself here.'),
    };
  }
  if (isCyclic(value)) {
    return {
      kind: 'issue',
      issue: dataIssue(
        DATA_CODES.invalidYaml,
        file,
        line,
        'This item contains itself: an alias (*name) inside the value its anchor (&name) names makes it endless, and JSON cannot hold it. Write the value out.',
      ),
    };
  }
  // The text was checked before parsing, but aliases (*name) can nest a value deeper than it reads. The list is a level.
  if (nestsDeeperThan(value, MAX_DATA_DEPTH - 1)) return tooDeepEntry(file, { line, column: 1 });
  return plainItemEntry(value, file, line, fields);
}
