import type { ParsedDeclarationFile } from '../load/parse.js';
import { isRecord } from '../model/is-record.js';
import type { AccountTypes } from './context.js';

/**
 * Whether the account's content type names can change what validation reports: the
 * type-name-collision rule is the one rule that reads `accountTypes`, and it reports only a
 * content type a file declares under a name the account already uses. When no file does,
 * validating again with the account gives the very same result as without it.
 */
export function accountNamesTouch(files: readonly ParsedDeclarationFile[], accountTypes: readonly AccountTypes[]): boolean {
  const taken = new Set(accountTypes.flatMap((account) => account.contentTypes));
  if (taken.size === 0) return false;
  return files.some((file) => {
    const contentTypes = isRecord(file.value) ? file.value.contentTypes : undefined;
    return isRecord(contentTypes) && Object.keys(contentTypes).some((name) => taken.has(name));
  });
}
