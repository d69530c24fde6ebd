import type { SourceDefinition } from '../../model/types.js';

/**
 * Small numbers for a record's content type and language, the same on every thread (both
 * are derived from the definition alone): 0 when unknown, else the index in `types` or
 * `languages` plus one. Block results carry them per record in two 16-bit slots.
 */
export interface RecordKinds {
  readonly types: readonly string[];
  readonly languages: readonly string[];
  typeOf(contentType: unknown): number;
  typeNamed(name: string | undefined): number;
  languageOf(language: string): number;
}

export function recordKinds(definition: SourceDefinition): RecordKinds {
  const types = Object.keys(definition.contentTypes).sort();
  const languages = [...definition.languages];
  const typeIndex = new Map(types.map((name, i) => [name, i + 1]));
  const languageIndex = new Map(languages.map((name, i) => [name, i + 1]));
  const typeNamed = (name: string | undefined): number => (name === undefined ? 0 : (typeIndex.get(name) ?? 0));
  return {
    types,
    languages,
    typeNamed,
    // The most derived type is the last of the ContentType list, as the service and checkRecord read it.
    typeOf: (contentType) =>
      Array.isArray(contentType) && typeof contentType[contentType.length - 1] === 'string' ? typeNamed(contentType[contentType.length - 1] as string) : 0,
    languageOf: (language) => languageIndex.get(language) ?? 0,
  };
}
