import type { Document, YAMLError } from 'yaml';
import { compareDiagnostics, type Diagnostic, type Severity } from '../diagnostics/diagnostic.js';
import { excerpt } from '../diagnostics/excerpt.js';
import type { DeclarationCode, DeclarationFileCode } from '../validate/codes.js';
import { findDuplicateKeys } from './duplicate-keys.js';
import { formatPath } from './format-path.js';
import { findLongValues, MAX_VALUE_CHARS } from './long-values.js';
import { findTooDeep, MAX_DECLARATION_DEPTH } from './nesting-depth.js';
import type { ParsedDeclarationFile } from './declaration-file.js';
import { createSourceMap, lazySourceMap, YAML_OPTIONS } from './source-map.js';
import { yamlPackage } from './yaml-package.js';

/**
 * Reads one declaration file's text (without a byte-order mark) with the `yaml` package,
 * reporting every reading problem at its position. Pure, and never throws on bad input.
 * The parsed document is kept only for a file with diagnostics, whose positions are
 * about to be looked up; for any other the source map reads the text again if asked.
 */
export function parseWithYaml(file: string, text: string): ParsedDeclarationFile {
  const deep = findTooDeep(text);
  if (deep !== undefined) return tooDeep(file, text, deep.offset);
  const { LineCounter, parseDocument } = yamlPackage();
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { ...YAML_OPTIONS, lineCounter });
  const diagnostics: Diagnostic[] = [];
  const report = (code: DeclarationCode | DeclarationFileCode, offset: number, message: string, path = '', severity: Severity = 'error'): void => {
    const { line, col } = lineCounter.linePos(offset);
    diagnostics.push({ code, severity, message, file, line, column: col, path });
  };

  let usable = true;
  for (const error of doc.errors) {
    if (error.code === 'MULTIPLE_DOCS') {
      report('GF_MULTIPLE_DOCUMENTS', error.pos[0], 'the file holds more than one YAML document (a second `---`); declare one source per file');
      continue;
    }
    usable = false;
    report('GF_YAML_SYNTAX', error.pos[0], `YAML syntax error: ${sentence(error)}`);
  }
  for (const warning of doc.warnings) {
    report('GF_YAML_WARNING', warning.pos[0], `YAML: ${sentence(warning)}`, '', 'warning');
  }
  for (const duplicate of findDuplicateKeys(doc)) {
    const first = lineCounter.linePos(duplicate.firstOffset);
    report(
      'GF_YAML_DUPLICATE_KEY',
      duplicate.offset,
      `duplicate key \`${excerpt(duplicate.key)}\` (first at line ${first.line}); each key may appear once in a map, so remove or rename one`,
      excerpt(formatPath([...duplicate.mapPath, duplicate.key]), PATH_CHARS),
    );
  }
  for (const long of findLongValues(doc)) {
    // Such a value is not looked at any further: later messages would quote it.
    usable = false;
    const where = excerpt(formatPath(long.path), PATH_CHARS);
    const what = long.isKey ? `a key in ${where === '' ? 'the top level' : where}` : where === '' ? 'a value' : where;
    report(
      'GF_VALUE_TOO_LONG',
      long.offset,
      `${what} is ${long.length.toLocaleString('en-US')} characters long; ` +
        `a string in a declaration may be at most ${MAX_VALUE_CHARS.toLocaleString('en-US')} characters`,
      where,
    );
  }

  const value = usable ? readValue(doc, report) : undefined;
  const sourceMap = diagnostics.length > 0 ? createSourceMap(file, doc, lineCounter) : lazySourceMap(file, text);
  return { file, text, value, sourceMap, diagnostics: diagnostics.sort(compareDiagnostics) };
}

/**
 * A file that nests deeper than any declaration does is not parsed at all: `yaml`, the
 * schema check and the rules all recurse, and would exhaust the stack.
 */
function tooDeep(file: string, text: string, offset: number): ParsedDeclarationFile {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  const diagnostic: Diagnostic = {
    code: 'GF_DECLARATION_TOO_DEEP',
    severity: 'error',
    message:
      `lists and maps nest more than ${MAX_DECLARATION_DEPTH} levels deep here; ` +
      'a declaration nests a few levels (contentTypes.<type>.properties.<name>), so the file was not read any further',
    file,
    line,
    column,
    path: '',
  };
  return { file, text, value: undefined, sourceMap: lazySourceMap(file, text), diagnostics: [diagnostic] };
}

/** The longest parser message passed on, and the longest dot-path shown. */
const MESSAGE_CHARS = 200;
const PATH_CHARS = 200;

type Report = (code: DeclarationCode | DeclarationFileCode, offset: number, message: string) => void;

function readValue(doc: Document.Parsed, report: Report): unknown {
  const { isMap } = yamlPackage();
  const contents = doc.contents;
  if (contents === null) {
    report('GF_EMPTY_FILE', 0, 'the file declares nothing; a declaration needs at least id, label, languages and contentTypes');
    return undefined;
  }
  if (!isMap(contents)) {
    report(
      'GF_NOT_A_MAPPING',
      contents.range?.[0] ?? 0,
      `the top level is ${describeNode(contents)}; a declaration is a map with keys such as id, label, languages and contentTypes`,
    );
    return undefined;
  }
  try {
    return doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    report('GF_YAML_SYNTAX', 0, `YAML could not be read: ${excerpt(error instanceof Error ? error.message : String(error), MESSAGE_CHARS)}`);
    return undefined;
  }
}

/** Describes what the file holds instead of a map, quoting at most a short excerpt of it. */
function describeNode(node: NonNullable<Document.Parsed['contents']>): string {
  const { isScalar, isSeq } = yamlPackage();
  if (isSeq(node)) return 'a list';
  if (isScalar(node)) return node.value === null ? 'empty (null)' : `a single value (\`${excerpt(String(node.value))}\`)`;
  return 'not a map';
}

/** The parser's messages can quote tokens of the file: bounded and escaped like any excerpt. */
function sentence(error: YAMLError): string {
  const message = excerpt(error.message.trim(), MESSAGE_CHARS);
  return message.charAt(0).toLowerCase() + message.slice(1);
}
