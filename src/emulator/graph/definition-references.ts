import { fail } from './shape-check.js';
import { ownValue } from './own.js';
import type { ContentSourceV3, ContentTypeV3 } from './wire-definition.js';

const TYPE_REF = /^(\[)?([_A-Za-z][_0-9A-Za-z]*)(\])?$/;
export const EMULATOR_SCALARS: readonly string[] = ['String', 'Int', 'Float', 'Boolean', 'Date', 'DateTime'];

/**
 * The content type declared under `name`, never a member of Object.prototype: names are
 * data, and `contentTypes.constructor` must not find Object's constructor.
 */
export function ownContentType(definition: ContentSourceV3, name: string): ContentTypeV3 | undefined {
  return ownValue(definition.contentTypes, name);
}

/**
 * What makes a definition whole, beyond its fields' shapes: every property's type resolves
 * (a scalar or a property type, alone or as a list), every base content type exists, and no
 * content type derives from itself. Throws through `fail`; call it inside `run`.
 */
export function checkReferences(definition: ContentSourceV3): void {
  const propertyTypes = definition.propertyTypes ?? {};
  const contentTypes = definition.contentTypes ?? {};
  const known = new Set([...EMULATOR_SCALARS, ...Object.keys(propertyTypes)]);
  const typeOk = (type: string): boolean => {
    const m = TYPE_REF.exec(type);
    return m !== null && (m[1] === undefined) === (m[3] === undefined) && known.has(m[2] ?? '');
  };
  for (const [name, pt] of Object.entries(propertyTypes)) {
    for (const [prop, p] of Object.entries(pt.properties ?? {})) {
      if (!typeOk(p.type)) fail(`propertyTypes.${name}.properties.${prop}.type: unknown type "${p.type}"`);
    }
  }
  for (const [name, ct] of Object.entries(contentTypes)) {
    for (const [prop, p] of Object.entries(ct.properties ?? {})) {
      if (!typeOk(p.type)) fail(`contentTypes.${name}.properties.${prop}.type: unknown type "${p.type}"`);
    }
    for (const base of ct.contentType) {
      if (!Object.hasOwn(contentTypes, base)) fail(`contentTypes.${name}.contentType: unknown content type "${base}"`);
    }
  }
  for (const start of Object.keys(contentTypes)) {
    const seen = new Set<string>();
    const walk = (name: string): void => {
      if (name === start && seen.size > 0) fail(`contentTypes.${start}: inheritance cycle`);
      if (seen.has(name)) return;
      seen.add(name);
      for (const base of ownContentType(definition, name)?.contentType ?? []) walk(base);
    };
    walk(start);
  }
}
