import type { SourceDefinition } from '../model/types.js';
import { headerLines, type GeneratedFrom } from './header.js';
import { sourceJsonSchema } from './json-schema.js';
import { sourceSdl } from './sdl.js';
import { sourceTypeScript } from './typescript.js';

/** One generated file: its name inside the output folder and its whole text. */
export interface GeneratedFile {
  name: string;
  content: string;
}

/**
 * Every file codegen writes for one source, in a fixed order: `<id>.ts` (TypeScript),
 * `<id>.graphql` (SDL preview) and `<id>.schema.json` (the item schemas). The same
 * declaration always gives the same bytes. `routingFields` are the config's data.idField
 * and data.languageField, which the data validator allows on every item; `itemFields` the
 * item fields GraphQL serves besides `_id`, `ContentType` and `Language` (`Status`), which the read shape has.
 */
export async function generateSource(
  from: GeneratedFrom,
  definition: SourceDefinition,
  routingFields: readonly string[],
  itemFields: readonly string[] = [],
): Promise<GeneratedFile[]> {
  const header = headerLines(from);
  return [
    { name: `${from.id}.ts`, content: await sourceTypeScript(from.id, definition, routingFields, header, itemFields) },
    { name: `${from.id}.graphql`, content: sourceSdl(definition, header) },
    { name: `${from.id}.schema.json`, content: `${JSON.stringify(sourceJsonSchema(from.id, definition, routingFields, header), null, 2)}\n` },
  ];
}
