import { LineCounter, parseDocument } from 'yaml';
import { GraphformError } from '../../diagnostics/errors.js';
import { readWholeFile } from '../../fs/read-whole-file.js';
import { checkFullDefinition } from '../graph/definition-shape.js';
import type { ContentSourceV3 } from '../graph/wire-definition.js';

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Far more than any definition; a larger file is not one, and is not read. */
const MAX_CMS_TYPES_BYTES = 5 << 20;

const HINT = 'Give a YAML or JSON file with the CMS content types: label, languages, contentTypes.';

function bad(message: string, hint: string): GraphformError {
  return new GraphformError('GF_EMULATOR_BAD_OPTIONS', message, { hint });
}

/**
 * The CMS's content types from a YAML or JSON file (`graphform emulator --cms-types FILE`):
 * a definition as GET types answers it. `shown` is the path as the user gave it.
 */
export async function readCmsTypesFile(path: string, shown: string): Promise<ContentSourceV3> {
  // A regular file only: the emulator command reads it before it serves, and a FIFO would block it there for good.
  const bytes = await readWholeFile(path, { shown: `--cms-types ${shown}`, maxBytes: MAX_CMS_TYPES_BYTES, code: 'GF_EMULATOR_BAD_OPTIONS', hint: HINT });
  if (bytes === undefined) throw bad(`--cms-types ${shown} does not exist`, HINT);
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    throw bad(`--cms-types ${shown} is not UTF-8 text`, 'Save the file as UTF-8.');
  }
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, uniqueKeys: true });
  const [error] = document.errors;
  if (error !== undefined) {
    const at = lineCounter.linePos(error.pos[0]);
    // The parser's first line repeats the position; it is already in front.
    const why = (error.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
    throw bad(`${shown}:${at.line}:${at.col}: not valid YAML or JSON: ${why}`, 'Fix the syntax at that position.');
  }
  const checked = checkFullDefinition(document.toJS());
  if (!checked.ok) {
    throw bad(
      `${shown}: not a valid content source definition: ${checked.message}`,
      'The file takes the fields GET types answers (the published ContentSource_V3): label, languages, contentTypes, propertyTypes and the rest.',
    );
  }
  return checked.value;
}
