import { checkReferences } from './definition-references.js';
import { run, type ShapeResult } from './shape-check.js';
import type { ContentSourceV3 } from './wire-definition.js';

/**
 * The source-level fields a partial update sets when its body has them. `propertyTypes` is
 * not one: the contract says the partial update does not use them, so they are ignored.
 */
const SET_WHEN_PRESENT = ['languages', 'label', 'description', 'links', 'useTypedFieldNames', 'preset'] as const;

/**
 * The definition after a partial update (POST types): each listed content type replaced
 * whole, the source-level fields the body has set to its values, everything else kept.
 */
export function mergePartial(current: ContentSourceV3, body: ContentSourceV3): ShapeResult<ContentSourceV3> {
  const result = run(() => {
    const merged: ContentSourceV3 = { ...current };
    for (const key of SET_WHEN_PRESENT) {
      if (Object.hasOwn(body, key)) Object.assign(merged, { [key]: body[key] });
    }
    // Spread defines own properties, so a content type named __proto__ stays a name.
    if (body.contentTypes !== undefined) merged.contentTypes = { ...current.contentTypes, ...body.contentTypes };
    checkReferences(merged);
    return merged;
  });
  // The body may have meant its property types to be used: say why they were not.
  if (!result.ok && body.propertyTypes !== undefined)
    return { ok: false, message: `${result.message} (a partial update does not take propertyTypes: use a full update)` };
  return result;
}
