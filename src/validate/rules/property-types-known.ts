import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { SuggestionBudget } from '../../diagnostics/suggest.js';
import { diagnosticAt, type Rule } from '../rule.js';
import type { PropertyView, SourceView } from '../source-view.js';
import { parseTypeReference } from '../type-reference.js';

/** Spellings from other type systems, mapped to the scalar the service calls them (a Map: the key is user text). */
const SCALAR_ALIASES: ReadonlyMap<string, string> = new Map([
  ['integer', 'Int'],
  ['long', 'Int'],
  ['number', 'Float'],
  ['double', 'Float'],
  ['decimal', 'Float'],
  ['bool', 'Boolean'],
  ['text', 'String'],
  ['str', 'String'],
  ['timestamp', 'DateTime'],
]);

/** Every property `type` is a scalar, a property type of the same source, or a list `[X]` of either. */
export const propertyTypesKnownRule: Rule = {
  name: 'property-types-known',
  check({ sources, context, suggest }) {
    const found: Diagnostic[] = [];
    for (const source of sources) {
      const properties = [...source.contentTypes.flatMap((c) => c.properties), ...source.propertyTypes.flatMap((p) => p.properties)];
      // The names a property's type may use here: looked up once per property, listed only for a "did you mean".
      const known = new Set([...context.scalarTypes, ...source.propertyTypes.map((propertyType) => propertyType.name)]);
      for (const property of properties) {
        const problem = checkType(property, { source, scalars: context.scalarTypes, knownNames: known, suggest });
        if (problem !== undefined) {
          found.push(diagnosticAt({ sourceMap: source.sourceMap, path: [...property.path, 'type'], where: 'value' }, 'GF_UNKNOWN_PROPERTY_TYPE', problem));
        }
      }
    }
    return found;
  },
};

function checkType(
  property: PropertyView,
  where: { source: SourceView; scalars: readonly string[]; knownNames: ReadonlySet<string>; suggest: SuggestionBudget },
): string | undefined {
  const { source, scalars, knownNames } = where;
  if (property.type === undefined) return undefined;
  const reference = parseTypeReference(property.type);
  if (reference.ok && knownNames.has(reference.name)) return undefined;
  const subject = `type \`${property.type}\` of property \`${property.name}\``;
  if (!reference.ok) return `${subject} ${reference.reason}`;
  const known = [...scalars, ...source.propertyTypes.map((propertyType) => propertyType.name)];
  const wrap = (name: string): string => (reference.list ? `[${name}]` : name);
  if (source.contentTypes.some((contentType) => contentType.name === reference.name)) {
    return (
      `${subject} names a content type; ` +
      `a property's type must be a scalar or a property type (declare \`${reference.name}\` under propertyTypes, or link items another way)`
    );
  }
  const alias = SCALAR_ALIASES.get(reference.name.toLowerCase());
  const suggestion = alias !== undefined && scalars.includes(alias) ? alias : where.suggest.closest(reference.name, known);
  const help = suggestion === undefined ? '' : `; did you mean \`${wrap(suggestion)}\`?`;
  const what = reference.list ? `\`${reference.name}\` in the list type` : 'it';
  return `${subject} is unknown: ${what} is neither a scalar (${scalars.join(', ')}) nor a property type of this source${help}`;
}
