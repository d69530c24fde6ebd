import { dataFilePatterns, excludeDataFiles, isDataFile } from './exclude-data-files.js';
import { parseQuickly, withoutByteOrderMark, type ParsedDeclarationFile } from './parse.js';
import { parseWithYaml } from './parse-yaml.js';
import { parseRead, readDeclarationTexts, type ReadDeclaration } from './read-declarations.js';

/**
 * The project's declarations: every file under `dir` read and parsed as readDeclarationFiles
 * does, without the files that some declaration lists under `data:`. The same result as
 * excludeDataFiles(readDeclarationFiles(…)), but a YAML list of items that a declaration
 * read by the quick reader already names as data is never parsed: such files often hold
 * dates and numbers that only `yaml` reads, and parsing them would load it for nothing.
 * A list declares no `data:` of its own, so leaving it unparsed changes nothing else.
 */
export async function readProjectDeclarations(dir: string, cwd: string, root: string = cwd): Promise<ParsedDeclarationFile[]> {
  return parseProjectDeclarations(await readDeclarationTexts(dir, cwd, root));
}

/**
 * The parsing half of readProjectDeclarations, pure: the same files from the same texts,
 * so a caller may keep the texts and parse them again rather than hold the parsed files.
 */
export function parseProjectDeclarations(reads: readonly ReadDeclaration[]): ParsedDeclarationFile[] {
  const quick = reads.map((read) => (read.kind === 'refused' ? read.file : parseQuickly(read.display, read.text)));
  const patterns = dataFilePatterns(quick.filter((file) => file !== undefined));
  const files: ParsedDeclarationFile[] = [];
  reads.forEach((read, index) => {
    if (read.kind === 'refused') {
      files.push(read.file);
      return;
    }
    const text = withoutByteOrderMark(read.text);
    const parsed = quick[index];
    if (parsed === undefined && isTopLevelList(text) && isDataFile(read.display, patterns)) return;
    files.push(parseRead(read, parsed ?? parseWithYaml(read.display, text)));
  });
  return excludeDataFiles(files);
}

/** Whether the first line with content starts a block list at the top level (`- …`). */
function isTopLevelList(text: string): boolean {
  for (const line of text.split('\n', 1000)) {
    const content = line.trimStart();
    if (content === '' || content === '\r' || content.startsWith('#')) continue;
    return /^-(?: |\r?$)/.test(line);
  }
  return false;
}
