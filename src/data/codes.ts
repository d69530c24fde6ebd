/**
 * Stable codes of the data side. Scripts, golden files and the README depend on them:
 * add new ones, never rename.
 */
export const DATA_CODES = {
  /** A line or element that is not JSON (or YAML that does not parse). */
  invalidJson: 'GF_DATA_INVALID_JSON',
  invalidYaml: 'GF_DATA_INVALID_YAML',
  /** A data line with no action line before it: the service would silently drop it. */
  missingAction: 'GF_DATA_MISSING_ACTION',
  /** An `index` action line not followed by its data line. */
  missingDataLine: 'GF_DATA_MISSING_DATA_LINE',
  actionMissingId: 'GF_DATA_ACTION_MISSING_ID',
  actionMissingLanguage: 'GF_DATA_ACTION_MISSING_LANGUAGE',
  /** An action other than index/delete, or an action whose value is not an object. */
  invalidAction: 'GF_DATA_INVALID_ACTION',
  /** An action line inside a file of plain items. */
  unexpectedAction: 'GF_DATA_UNEXPECTED_ACTION',
  itemMissingId: 'GF_DATA_ITEM_MISSING_ID',
  itemMissingLanguage: 'GF_DATA_ITEM_MISSING_LANGUAGE',
  notAnObject: 'GF_DATA_NOT_AN_OBJECT',
  notAList: 'GF_DATA_NOT_A_LIST',
  unsupportedFile: 'GF_DATA_UNSUPPORTED_FILE',
  fileNotFound: 'GF_DATA_FILE_NOT_FOUND',
  noFilesMatched: 'GF_DATA_NO_FILES_MATCHED',
  missingContentType: 'GF_DATA_MISSING_CONTENT_TYPE',
  unknownContentType: 'GF_DATA_UNKNOWN_CONTENT_TYPE',
  abstractContentType: 'GF_DATA_ABSTRACT_CONTENT_TYPE',
  /** Warning: `ContentType` does not list every base of its most-derived type. */
  contentTypeBasesMissing: 'GF_DATA_CONTENT_TYPE_BASES_MISSING',
  invalidValue: 'GF_DATA_INVALID_VALUE',
  /** A Status close to, but not, one that clients send ("Published", "Draft"): a misspelling, most likely (warning). */
  unknownStatus: 'GF_DATA_UNKNOWN_STATUS',
  /** `_rbac` that is not a string: the service answers 200 and indexes nothing. */
  rbacNotString: 'GF_DATA_RBAC_NOT_STRING',
  unknownLanguage: 'GF_DATA_UNKNOWN_LANGUAGE',
  languageMismatch: 'GF_DATA_LANGUAGE_MISMATCH',
  duplicateId: 'GF_DATA_DUPLICATE_ID',
  /** A data line whose own `_id` differs from its action line's: the service goes by the action line's. */
  idMismatch: 'GF_DATA_ID_MISMATCH',
  /** Warning: a field that neither the content types nor the service declare. */
  undeclaredField: 'GF_DATA_UNDECLARED_FIELD',
  /** A declared property under a wire name its flags do not give (`Name___skip` for a searchable Name): the service would store it apart. */
  wrongFieldName: 'GF_DATA_WRONG_FIELD_NAME',
  /** A field under a property name that a declared move (`moved:`) took away: its value would be stored where nothing serves it. */
  movedField: 'GF_DATA_MOVED_FIELD',
  /** A property under both its plain and its wire name in one object: the service would get two fields. */
  fieldNamedTwice: 'GF_DATA_FIELD_NAMED_TWICE',
  /** An NDJSON line longer than the reader's limit (16 MiB by default): reported, not read. */
  lineTooLong: 'GF_DATA_LINE_TOO_LONG',
  /** An element of a `.json` array larger than the same limit, or an item of a YAML list over 4 MiB: reported, not read. */
  itemTooLarge: 'GF_DATA_ITEM_TOO_LARGE',
  /** Lists and maps that nest more than 100 levels deep (MAX_DATA_DEPTH), at the first place they do: the item is not read. */
  tooDeep: 'GF_DATA_TOO_DEEP',
  /** A YAML data file over 64 MiB, or over 4 MiB when it is not a block list (read whole): large data belongs in NDJSON. */
  fileTooLarge: 'GF_DATA_FILE_TOO_LARGE',
  /** A declared data file that resolves outside the project folder, or a `data:` pattern leaving it. */
  outsideProject: 'GF_DATA_OUTSIDE_PROJECT',
  /** A FIFO, device, socket, folder or dangling link where a data file should be. */
  notAFile: 'GF_DATA_NOT_A_FILE',
  /** Bytes that are not UTF-8 (Latin-1, UTF-16): the same code as for declarations. */
  notUtf8: 'GF_NOT_UTF8',
} as const;

export type DataCode = (typeof DATA_CODES)[keyof typeof DATA_CODES];

/** Codes of thrown GraphformErrors (operational failures and refused commands). */
export const DATA_ERROR_CODES = {
  invalidData: 'GF_DATA_INVALID',
  invalidConfig: 'GF_DATA_INVALID_CONFIG',
  unknownSource: 'GF_DATA_UNKNOWN_SOURCE',
  noFiles: 'GF_DATA_NO_FILES',
  noLanguages: 'GF_DATA_NO_LANGUAGES',
  confirmationRequired: 'GF_DATA_CONFIRMATION_REQUIRED',
  readFailed: 'GF_DATA_READ_FAILED',
  /** A glob given on the command line whose braces expand to too many alternatives (a `data:` entry gets the diagnostic of the same code). */
  patternTooComplex: 'GF_DATA_PATTERN_TOO_COMPLEX',
  fileChanged: 'GF_DATA_FILE_CHANGED',
  /** A `data:` pattern matches no file while graphform pushed items from the source: they would all be deleted. */
  patternEmptied: 'GF_DATA_PATTERN_EMPTIED',
  /** The data files hold other items than when the plan was made. */
  changedSincePlan: 'GF_DATA_CHANGED_SINCE_PLAN',
} as const;
