import { ownValue } from '../model/own.js';
import type { SourceDefinition } from '../model/types.js';

export interface EffectiveProperty {
  /** The content type that declares it (the nearest in the type's lineage). */
  owner: string;
  type: string;
}

/** A content type's own and inherited properties, bases first so a nearer declaration wins. */
export function effectiveProperties(definition: SourceDefinition, typeName: string): Map<string, EffectiveProperty> {
  const result = new Map<string, EffectiveProperty>();
  const visit = (name: string, seen: Set<string>): void => {
    const contentType = ownValue(definition.contentTypes, name);
    if (contentType === undefined || seen.has(name)) return;
    seen.add(name);
    for (const base of contentType.contentType) visit(base, seen);
    for (const [property, spec] of Object.entries(contentType.properties)) result.set(property, { owner: name, type: spec.type });
  };
  visit(typeName, new Set());
  return result;
}

/** A property type's properties, each owned by the property type. */
export function propertyTypeProperties(definition: SourceDefinition, name: string): Map<string, EffectiveProperty> {
  const result = new Map<string, EffectiveProperty>();
  for (const [property, spec] of Object.entries(ownValue(definition.propertyTypes ?? {}, name)?.properties ?? {}))
    result.set(property, { owner: name, type: spec.type });
  return result;
}
