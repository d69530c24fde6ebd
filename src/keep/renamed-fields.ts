import type { SourceDefinition } from '../model/types.js';
import { wireNamesOf } from '../data/validate/item-schema.js';
import type { ServedItem } from './types.js';

/**
 * Whether an item read back holds a value under a field that the change renames in data lines
 * (`Title` → `Title___searchable`): only such an item keeps a value GraphQL stops serving, so
 * only it is pushed again after a partial update. An item without one is left as it is.
 */
export function holdsRenamedValue(before: SourceDefinition, after: SourceDefinition): (item: ServedItem) => boolean {
  const old = wireNamesOf(before);
  const now = wireNamesOf(after);
  return (item) => {
    const was = old.contentType(item.type)?.byPlain;
    const is = now.contentType(item.type)?.byPlain;
    // Values are served without nulls: every key holds a value.
    return Object.keys(item.values).some((name) => was?.get(name)?.wire !== is?.get(name)?.wire);
  };
}
