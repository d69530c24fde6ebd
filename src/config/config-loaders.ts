import path from 'node:path';
import { defaultLoaders, type Loader, type Loaders } from 'cosmiconfig';
import { excerpt } from '../diagnostics/excerpt.js';
import { findDuplicateKeys } from '../load/duplicate-keys.js';
import { jsonSyntaxError } from '../load/json-error-offset.js';
import { readCommonYaml } from '../load/quick-yaml.js';
import { YAML_OPTIONS } from '../load/source-map.js';
import { yamlPackage } from '../load/yaml-package.js';
import { assertNotTooDeep, positionAt, unreadableConfig } from './config-text.js';
import { findJsonDuplicateKey } from './json-duplicate-keys.js';

/** yaml's own default: an honest config uses a few aliases, if any. */
const MAX_ALIAS_COUNT = 100;
const DUPLICATE_HINT = 'Keep one of each key: remove the repeat, or merge what it holds into the first.';
const MESSAGE_CHARS = 200;
/** cosmiconfig's loaders by extension, JavaScript's among them. */
const DEFAULT_LOADERS: Loaders = defaultLoaders;

/**
 * How a config file is parsed, by its extension: cosmiconfig's loaders, but YAML read as
 * the declarations are (one parser, one set of rules, limits and positions for every YAML
 * file graphform reads), and YAML and JSON checked for depth first and for repeated keys
 * after, each problem a GF_CONFIG_INVALID at `shown`:line:col. A JavaScript config is
 * code, which Node imports from its path: cosmiconfig's loader, unchanged.
 */
export function loaderFor(file: string, shown: string): Loader {
  const extension = path.extname(file);
  if (extension === '' || extension === '.yaml' || extension === '.yml') return (_file, content) => readConfigYaml(shown, content);
  if (extension === '.json') return (_file, content) => readConfigJson(file, shown, content);
  const loader = DEFAULT_LOADERS[extension];
  if (loader !== undefined) return loader;
  throw new Error(`No loader specified for extension "${extension}"`);
}

/** Plain YAML by the quick reader; anything else by the `yaml` package, loaded only then. */
function readConfigYaml(shown: string, text: string): unknown {
  assertNotTooDeep(shown, text);
  // The quick reader answers only for YAML in which `yaml` would find no problem.
  const quick = readCommonYaml(text);
  if (quick !== undefined) return quick;
  const { LineCounter, parseDocument } = yamlPackage();
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { ...YAML_OPTIONS, lineCounter });
  const [error] = doc.errors;
  if (error !== undefined) {
    // Later errors usually follow from the first: that one is reported.
    const problem =
      error.code === 'MULTIPLE_DOCS'
        ? 'the file holds more than one YAML document (a second `---`); a config is one document.'
        : `YAML syntax error: ${excerpt(error.message.split('\n')[0] ?? '', MESSAGE_CHARS)}.`;
    throw unreadableConfig(shown, positionAt(text, error.pos[0]), problem, 'Fix the YAML at that line; docs/configuration.md shows a whole config.');
  }
  const [repeated] = findDuplicateKeys(doc);
  if (repeated !== undefined) {
    const first = lineCounter.linePos(repeated.firstOffset).line;
    const at = positionAt(text, repeated.offset, [...repeated.mapPath, repeated.key]);
    throw unreadableConfig(
      shown,
      at,
      `duplicate key \`${excerpt(repeated.key)}\` (first at line ${first}); each key may appear once in a map.`,
      DUPLICATE_HINT,
    );
  }
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (reason) {
    const message = excerpt(reason instanceof Error ? reason.message : String(reason), MESSAGE_CHARS);
    throw unreadableConfig(
      shown,
      { line: 1, column: 1 },
      `YAML could not be read: ${message}.`,
      'Write the values out instead of expanding aliases (*name) into them.',
    );
  }
}

/** cosmiconfig's JSON loader (its syntax errors included), after the depth check and before the repeated-key one. */
function readConfigJson(file: string, shown: string, text: string): unknown {
  assertNotTooDeep(shown, text);
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (reason) {
    // V8 names no position for a text cut short or some bad tokens: the JSON grammar finds where it breaks.
    const syntax = jsonSyntaxError(text, reason instanceof Error ? reason.message : String(reason));
    throw unreadableConfig(
      shown,
      positionAt(text, syntax.offset),
      `JSON syntax error: ${excerpt(syntax.reason, MESSAGE_CHARS)}; the text stops being JSON here.`,
      'Fix the JSON at that line; docs/configuration.md shows a whole config.',
    );
  }
  // In a package.json only the "graphform" key is the config; the rest is npm's.
  const repeated = findJsonDuplicateKey(text, path.basename(file) === 'package.json' ? 'graphform' : undefined);
  if (repeated !== undefined) {
    const first = positionAt(text, repeated.firstOffset).line;
    const problem =
      `duplicate key \`${excerpt(repeated.key)}\` (first at line ${first}); ` +
      'each key may appear once in an object, and JSON.parse would keep only the last.';
    throw unreadableConfig(shown, positionAt(text, repeated.offset, repeated.keyPath), problem, DUPLICATE_HINT);
  }
  return value;
}
