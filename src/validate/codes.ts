/**
 * Every diagnostic code the declaration loader and validator can report, with its meaning.
 * Codes are stable: scripts, golden files and the docs depend on them.
 */
export const DECLARATION_CODES = {
  // Reading the YAML (src/load/parse.ts)
  GF_YAML_SYNTAX: 'The file is not valid YAML.',
  GF_YAML_DUPLICATE_KEY: 'A map repeats a key; YAML keys must be unique.',
  GF_YAML_WARNING: 'The YAML parser warned about something that may not mean what it looks like.',
  GF_MULTIPLE_DOCUMENTS: 'The file holds more than one YAML document; declare one source per file.',
  GF_EMPTY_FILE: 'The file declares nothing.',
  GF_NOT_A_MAPPING: 'The top level of the file is not a map of keys such as id, label and contentTypes.',
  // The shape of a declaration (content-source.schema.json, src/validate/schema-diagnostics.ts)
  GF_UNKNOWN_KEY: 'A key that the declaration format does not know.',
  GF_INVALID_TYPE: 'A value of the wrong kind, e.g. a string where a list is expected.',
  GF_MISSING_FIELD: 'A required field is missing, e.g. label or languages.',
  GF_INVALID_VALUE: 'A value of the right kind that is not allowed, e.g. an empty label.',
  GF_DUPLICATE_ITEM: 'A list that must hold each value once repeats one, e.g. a language.',
  // Semantic rules (src/validate/rules/)
  GF_ID_MISSING: 'The source has no id.',
  GF_ID_TOO_LONG: 'The source id is longer than 4 characters.',
  GF_ID_INVALID_CHARS: 'The source id has characters other than lowercase a-z and 0-9.',
  GF_DUPLICATE_ID: 'Two files declare a source with the same id.',
  GF_TOO_MANY_SOURCES: 'More sources are declared than the account allows (maxSources).',
  GF_INVALID_NAME: 'A content type, property type or property name is not a GraphQL name.',
  GF_RESERVED_NAME: 'A name starts with `__`, which GraphQL reserves for itself.',
  GF_UNKNOWN_PROPERTY_TYPE: 'A property type is neither a scalar, a property type of the source, nor a list of either.',
  GF_UNKNOWN_BASE_TYPE: 'A contentType entry names no content type of the same source.',
  GF_INHERITANCE_CYCLE: 'Content types derive from each other in a circle.',
  GF_BASE_PROPERTY_CONFLICT: 'A content type redeclares an inherited property with another type, or inherits it with two types.',
  GF_TYPE_NAME_COLLISION: 'A content type name is also used by another source (declared, or still in state).',
  GF_RESERVED_TYPE_NAME: 'A content type or property type name is taken by the CMS (reservedTypeNames) or by a scalar type.',
  GF_PROPERTY_TYPE_NAME_COLLISION: 'A property type has the same name as a content type of the same source.',
  GF_UNKNOWN_FIELD_KNOWN: 'A field graphform knows is written under unknownFields; write it directly at its level.',
  GF_UNUSED_PROPERTY_TYPE: 'A property type is declared but no property uses it (warning).',
  GF_SEARCHABLE_AND_SKIP: 'A property is both searchable and skip (stored only); it is sent as searchable (warning).',
  GF_LINK_FIELD_PLAIN_NAME:
    "A link's `from` names a property by its plain name where items carry it under another wire name, e.g. City for City___searchable (warning).",
  GF_IMPORT_UNKNOWN_CONTENT_TYPE: 'import.contentType names no content type of the source.',
  GF_IMPORT_ABSTRACT_CONTENT_TYPE: 'import.contentType names an abstract content type; items need a concrete one.',
  GF_IMPORT_UNKNOWN_LANGUAGE: "import.language is not one of the source's languages.",
  GF_IMPORT_UNKNOWN_PROPERTY: 'import.mapping fills a property the imported content type does not have.',
  GF_IMPORT_UNKNOWN_ASSET_FIELD: 'import.mapping reads an asset field the Open API does not document (warning).',
  GF_MOVED_FROM_DECLARED: "A moved entry's `from` is still declared: a rename leaves the old name behind.",
  GF_MOVED_TO_MISSING: "A moved entry's `to` names nothing the source declares (directly, or at the end of a chain of moves).",
  GF_MOVED_TWICE: 'Two moved entries move to the same name, or move the same name away.',
  GF_MOVED_KIND: 'A moved entry renames a type to a property or a property to a type.',
  GF_MOVED_ACROSS_TYPES: "A moved entry moves a property to another type's property: a move renames a property within its own items.",
  GF_MOVED_ONTO_EXISTING:
    'A moved entry moves a property onto one the source already holds beside it (as the service answers, else as state records): ' +
    'the moved values would overwrite its values.',
  GF_CONVERT_UNKNOWN_PROPERTY: 'A convert entry names no property of a content type or property type of the source, or its key is not written `Type.Property`.',
  // The config's codegen block, checked against the declarations (src/validate/rules/codegen-sources.ts)
  GF_CODEGEN_UNKNOWN_SOURCE: 'codegen.sources in the config names a source that is not declared (at the entry in the config, with a did-you-mean).',
} as const;

export type DeclarationCode = keyof typeof DECLARATION_CODES;

/**
 * Codes of declaration files that are refused before or while they are read
 * (src/load/read-declarations.ts): where the file is, what it is, its size and encoding.
 * Reported as diagnostics like the codes above, so validate and plan show them all at once.
 */
export const DECLARATION_FILE_CODES = {
  GF_OUTSIDE_PROJECT: 'A declaration, or a data: pattern, resolves to a place outside the project folder.',
  GF_NOT_A_FILE: 'A declaration is not a regular file (a FIFO, a device, a socket) or is a link to nothing.',
  GF_DECLARATION_TOO_LARGE: 'A declaration file is larger than 5 MiB.',
  GF_VALUE_TOO_LONG: 'A string in a declaration is longer than 1,024 characters.',
  GF_NOT_UTF8: 'A file is not UTF-8 (for example Latin-1 or UTF-16).',
  GF_DECLARATION_TOO_DEEP: 'A declaration nests lists or maps deeper than graphform reads (a real one nests a few levels).',
  GF_DATA_MATCHES_DECLARATION:
    'A data: pattern matches a declaration file (a map with keys such as id or contentTypes), which would hide it from validate and plan.',
  GF_DATA_PATTERN_TOO_COMPLEX: 'A data: pattern has braces that expand one path segment to more than 64 alternatives.',
} as const;

export type DeclarationFileCode = keyof typeof DECLARATION_FILE_CODES;

/** Codes of the GraphformErrors thrown while finding and reading declaration files. */
export const DECLARATION_ERROR_CODES = {
  GF_SOURCES_DIR_MISSING: 'The declarations folder does not exist.',
  GF_SOURCES_DIR_NOT_A_FOLDER: 'The declarations path is a file, not a folder.',
  GF_SOURCES_DIR_UNREADABLE: 'The declarations folder or one of its files cannot be read.',
  GF_SOURCES_DIR_OUTSIDE_PROJECT: 'The declarations folder lies outside the project folder (the folder of the config file).',
  GF_NOTHING_DECLARED: 'The project declares no source while the state holds some (set GRAPHFORM_ALLOW_EMPTY=1 if that is meant).',
} as const;

export type DeclarationErrorCode = keyof typeof DECLARATION_ERROR_CODES;
