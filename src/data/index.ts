/** The data side's public API: reading, validating, pushing and purging content items. */
export { DATA_CODES, DATA_ERROR_CODES, type DataCode } from './codes.js';
export type {
  DataAction,
  DataFile,
  DataLocation,
  DataRecord,
  FailedBatch,
  ProgressReporter,
  ProgressSnapshot,
  PushStatus,
  PushSummary,
  ReadEntry,
  ValidationSummary,
} from './types.js';
export { readDataFile, readDataEntries, readDataRecords, dataFormatOf, type DataFormat, type ReadOptions } from './read/read-data-file.js';
export { DEFAULT_MAX_LINE_BYTES } from './read/line-splitter.js';
export type { PlainItemFields } from './read/plain-item.js';
export { itemSchema, propertySchema, effectiveProperties, SERVICE_FIELDS, type JsonSchema } from './validate/item-schema.js';
export { pushData, validateDataFiles, type PushDataOptions, type ValidateDataOptions } from './push/push-data.js';
export { serializeRecord } from './push/serialize.js';
export { purge } from './purge.js';
export { repushDeclaredData, type RepushOptions } from './repush.js';
export { resolveDataFiles, type ResolvedDataFiles } from './files/declared-files.js';
export { expandGlobs } from './files/expand-globs.js';
export { matchGlob } from './files/glob.js';
export { createBarReporter, createLineReporter, silentReporter } from './progress/reporters.js';
export { renderDataDiagnostic, renderPushSummary, renderValidation } from './report/render-data-report.js';
