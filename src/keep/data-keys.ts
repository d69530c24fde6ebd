import type { DataConfig } from '../config/types.js';
import type { SourceDeclaration } from '../model/types.js';
import { checkDataFiles } from '../data/files/data-files.js';
import { resolveDataFiles, type DataFilesBase } from '../data/files/declared-files.js';
import { readDataRecords } from '../data/read/read-data-file.js';

/**
 * `language\nid` of every item in a source's declared `data:` files: those items are pushed
 * again from the files after a full update, so the keep step leaves them to the files.
 * The files were validated by the plan's data check; records that do not read are skipped.
 */
export async function declaredDataKeys(
  declaration: SourceDeclaration,
  where: DataFilesBase,
  config: Pick<DataConfig, 'idField' | 'languageField'>,
): Promise<Set<string>> {
  const keys = new Set<string>();
  if (declaration.data.length === 0) return keys;
  const resolved = await resolveDataFiles(declaration, where);
  const checked = await checkDataFiles(resolved.files, where.cwd, resolved.projectRoot);
  const fields = { idField: config.idField, languageField: config.languageField };
  for (const file of checked.files) {
    for await (const record of readDataRecords(file, fields)) if (record.action.kind === 'index') keys.add(`${record.action.language}\n${record.action.id}`);
  }
  return keys;
}
