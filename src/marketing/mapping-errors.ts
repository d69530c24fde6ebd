import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { SourceImport } from '../model/types.js';
import { ASSETS_ERROR_CODES } from './codes.js';

/** A place in the declaration file. */
export interface DeclarationPlace {
  file: string;
  line: number;
  column: number;
}

/**
 * An item error about a mapped property is the mapping's error, not the asset's: every
 * asset maps the same way, so a wrong `import.mapping` entry would otherwise print once per
 * asset. Those errors are grouped per property and code into one diagnostic at the
 * property's `import.mapping` entry (`placeOf`), naming how many assets it hit and the
 * first one's message; every other diagnostic is kept as it was, after the grouped ones.
 */
export function groupMappingErrors(diagnostics: readonly Diagnostic[], spec: SourceImport, placeOf: (property: string) => DeclarationPlace): Diagnostic[] {
  const groups = new Map<string, { property: string; first: Diagnostic; assets: Set<string> }>();
  const rest: Diagnostic[] = [];
  for (const diagnostic of diagnostics) {
    const property = diagnostic.severity === 'error' && diagnostic.file.startsWith('asset ') ? mappedProperty(diagnostic.path, spec) : undefined;
    if (property === undefined) {
      rest.push(diagnostic);
      continue;
    }
    const key = `${property}\u0000${diagnostic.code}`;
    const group = groups.get(key) ?? { property, first: diagnostic, assets: new Set<string>() };
    group.assets.add(diagnostic.file);
    groups.set(key, group);
  }
  const grouped = [...groups.values()].map(({ property, first, assets }): Diagnostic => {
    const field = spec.mapping[property] ?? '';
    const hit = assets.size === 1 ? `${first.file}` : `${assets.size} assets (the first: ${first.file})`;
    return {
      ...placeOf(property),
      code: ASSETS_ERROR_CODES.mappingInvalid,
      severity: 'error',
      message:
        `import.mapping fills \`${property}\` from asset field \`${field}\`, and the value does not fit in ${hit}: ` +
        `${first.code} ${first.message} Map a field of the property's type, or change the property's type.`,
      path: `import.mapping.${property}`,
    };
  });
  return [...grouped, ...rest];
}

/** The mapped property a JSON pointer (`/Campaign`, `/Tags/0`) starts at, if the mapping fills it. */
function mappedProperty(pointer: string, spec: SourceImport): string | undefined {
  const top = pointer.split('/')[1]?.replaceAll('~1', '/').replaceAll('~0', '~');
  return top !== undefined && Object.hasOwn(spec.mapping, top) ? top : undefined;
}
