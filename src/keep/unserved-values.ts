import type { Change } from '../diff/change.js';
import { ownValue } from '../model/own.js';
import type { SourceDefinition } from '../model/types.js';
import { effectiveProperties } from './effective-properties.js';
import type { KeepAccount, UnservedValues } from './types.js';

/**
 * The declared properties that the service no longer serves because they were removed
 * outside graphform (the plan's `outside` changes), as `[type, property]`. GraphQL cannot
 * read their values, so items read back before a full update, or before a partial one that
 * pushes them again, lack them.
 */
export function unservedProperties(outside: readonly Change[] | undefined, declared: SourceDefinition): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const change of outside ?? []) {
    if (change.kind !== 'property.removed') continue;
    const [root, type, properties, property] = change.path.split('.');
    if (root !== 'contentTypes' || properties !== 'properties' || type === undefined || property === undefined) continue;
    if (ownValue(ownValue(declared.contentTypes, type)?.properties ?? {}, property) !== undefined) found.push([type, property]);
  }
  return found;
}

/**
 * The account with the values it cannot carry over counted per property: every item carried
 * over of a type that has the property (declared on it or inherited) may hold a value the
 * read could not see. An account with none is returned as it was.
 */
export function withUnservedValues(account: KeepAccount, outside: readonly Change[] | undefined, declared: SourceDefinition): KeepAccount {
  if (!account.known) return account;
  const properties = unservedProperties(outside, declared);
  if (properties.length === 0) return account;
  const unserved: UnservedValues[] = properties.map(([type, property]) => ({
    property: `${type}.${property}`,
    items: account.rows
      .filter((row) => row.to !== null && effectiveProperties(declared, row.to).get(property)?.owner === type)
      .reduce((sum, row) => sum + row.kept, 0),
  }));
  return { ...account, unserved };
}

/** How many values the account loses because the service does not serve their property. */
export function unservedCount(account: KeepAccount | undefined): number {
  return account?.known === true ? (account.unserved ?? []).reduce((sum, u) => sum + u.items, 0) : 0;
}
