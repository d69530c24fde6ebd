import type { ParsedDeclarationFile } from '../load/parse.js';
import { isRecord } from '../model/is-record.js';
import type { AccountTypes } from './context.js';

/** Every content type name the files declare, valid or not, as the validation rules see them. */
export function declaredContentTypeNames(files: readonly ParsedDeclarationFile[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    const contentTypes = isRecord(file.value) ? file.value.contentTypes : undefined;
    if (isRecord(contentTypes)) for (const name of Object.keys(contentTypes)) names.add(name);
  }
  return names;
}

/**
 * Whether the account's content type names can change what validation reports: the
 * type-name-collision rule is the one rule that reads `accountTypes`, and it reports only a
 * content type a file declares under a name the account already uses. When no file does,
 * validating again with the account gives the very same result as without it.
 */
export function accountNamesTouch(declared: ReadonlySet<string>, accountTypes: readonly AccountTypes[]): boolean {
  return accountTypes.some((account) => account.contentTypes.some((name) => declared.has(name)));
}
