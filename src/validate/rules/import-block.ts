import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { isRecord } from '../../model/is-record.js';
import { diagnosticAt, type Rule } from '../rule.js';
import type { ContentTypeView, SourceView } from '../source-view.js';

/** Top-level fields of an asset of GET /v3/assets (docs/service-facts.md "Open API"). */
export const ASSET_FIELDS: readonly string[] = [
  'id',
  'title',
  'type',
  'mime_type',
  'file_extension',
  'created_at',
  'modified_at',
  'folder_id',
  'file_location',
  'is_archived',
  'content',
  'labels',
  'links',
  'owner_organization_id',
  'thumbnail_url',
];

/** Fields the service reads on every data line; an import may fill them too. */
const SERVICE_FIELDS: readonly string[] = ['ContentType', 'Language', 'Status', 'RolesWithReadAccess', '_rbac', '__typename'];

/**
 * The `import:` block names what the source has: a content type that is not abstract, one
 * of its languages, properties that type has (inherited ones included); asset fields that
 * the Open API does not document are warnings, since an organization's assets may carry more.
 */
export const importBlockRule: Rule = {
  name: 'import-block',
  check({ files, sources, suggest }) {
    const found: Diagnostic[] = [];
    for (const source of sources) {
      const raw = files.find((file) => file.file === source.file)?.value;
      const spec = isRecord(raw) && isRecord(raw.import) ? raw.import : undefined;
      if (spec === undefined || !isRecord(raw)) continue;
      const at = (path: (string | number)[], where: 'key' | 'value' = 'value') => ({ sourceMap: source.sourceMap, path: ['import', ...path], where });
      const contentType = typeof spec.contentType === 'string' ? source.contentTypes.find((c) => c.name === spec.contentType) : undefined;
      if (typeof spec.contentType === 'string' && contentType === undefined) {
        const suggestion = suggest.closest(
          spec.contentType,
          source.contentTypes.map((c) => c.name),
        );
        found.push(
          diagnosticAt(
            at(['contentType']),
            'GF_IMPORT_UNKNOWN_CONTENT_TYPE',
            `import.contentType \`${spec.contentType}\` is not a content type ` +
              `of this source${suggestion === undefined ? '' : `; did you mean \`${suggestion}\`?`}`,
          ),
        );
      } else if (contentType !== undefined && isAbstract(raw, contentType.name)) {
        found.push(
          diagnosticAt(
            at(['contentType']),
            'GF_IMPORT_ABSTRACT_CONTENT_TYPE',
            `import.contentType \`${contentType.name}\` is abstract: items need a content type that is not; name one that derives from it`,
          ),
        );
      }
      const languages = Array.isArray(raw.languages) ? raw.languages.filter((l): l is string => typeof l === 'string') : [];
      if (typeof spec.language === 'string' && !languages.includes(spec.language)) {
        found.push(
          diagnosticAt(
            at(['language']),
            'GF_IMPORT_UNKNOWN_LANGUAGE',
            `import.language \`${spec.language}\` is not one of the source's languages (${languages.join(', ')})`,
          ),
        );
      }
      if (!isRecord(spec.mapping)) continue;
      const properties = contentType === undefined ? undefined : effectiveProperties(source, contentType);
      for (const [property, field] of Object.entries(spec.mapping)) {
        if (properties !== undefined && !properties.has(property) && !SERVICE_FIELDS.includes(property)) {
          const suggestion = suggest.closest(property, properties);
          found.push(
            diagnosticAt(
              at(['mapping', property], 'key'),
              'GF_IMPORT_UNKNOWN_PROPERTY',
              `import.mapping fills \`${property}\`, ` +
                `which content type \`${contentType?.name ?? ''}\` does not have${suggestion === undefined ? '' : `; did you mean \`${suggestion}\`?`}`,
            ),
          );
        }
        const top = typeof field === 'string' ? (field.split('.')[0] ?? '') : '';
        if (top !== '' && !ASSET_FIELDS.includes(top)) {
          const suggestion = suggest.closest(top, ASSET_FIELDS);
          found.push(
            diagnosticAt(
              at(['mapping', property]),
              'GF_IMPORT_UNKNOWN_ASSET_FIELD',
              `\`${top}\` is not a documented asset field ` +
                `(${ASSET_FIELDS.join(', ')})${suggestion === undefined ? '' : `; did you mean \`${suggestion}\`?`}; ` +
                `assets without it leave \`${property}\` out`,
              'warning',
            ),
          );
        }
      }
    }
    return found;
  },
};

function isAbstract(raw: Record<string, unknown>, name: string): boolean {
  const types = raw.contentTypes;
  if (!isRecord(types) || !Object.hasOwn(types, name)) return false;
  const definition = types[name];
  return isRecord(definition) && definition.abstract === true;
}

/** The content type's own properties and every base's, found through the view (cycles are another rule's). */
function effectiveProperties(source: SourceView, contentType: ContentTypeView): Set<string> {
  const names = new Set<string>();
  const visited = new Set<string>();
  const visit = (type: ContentTypeView | undefined): void => {
    if (type === undefined || visited.has(type.name)) return;
    visited.add(type.name);
    for (const property of type.properties) names.add(property.name);
    for (const base of type.bases) visit(source.contentTypes.find((c) => c.name === base.name));
  };
  visit(contentType);
  return names;
}
