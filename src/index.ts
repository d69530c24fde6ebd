/**
 * graphform's programmatic API: what `import … from 'graphform'` gives. Everything here is
 * the public surface (etc/graphform.api.md is its reviewed copy); anything else in the
 * package is internal and may change without notice. The workflows (validate, plan, apply,
 * import, data push, state, …) are what each command does, over plain inputs and an injected
 * environment (docs/library.md); below them, the pure pieces they are made of and the helpers
 * a script needs to say what the command line says. The command line itself is a separate
 * entry (bin/graphform.js, over src/cli/), so importing the library loads none of it.
 */

// --- Workflows: one per command, over an injected environment ---
export * from './workflows/index.js';

// --- Config ---
export { loadConfig, selectEnvironment, type LoadConfigOptions } from './config/load-config.js';
export type {
  CodegenConfig,
  DataConfig,
  EmulatorEnvironmentConfig,
  EnvironmentConfig,
  HttpConfig,
  MarketingConfig,
  MarketingGrant,
  ResolvedConfig,
  StateConfig,
  WaitConfig,
} from './config/types.js';
export type { GraphAuth, RemoteDefinition, SourceInfo, SourceLabels } from './graph/types.js';

// --- Config as a value (the shape of graphform.config.yaml) and the secrets a run knows ---
export type { ConfigDuration, GraphformConfig, GraphformEnvironmentConfig } from './config/config-object.js';
export { createSecretList, type SecretList } from './http/secret-list.js';

// --- Errors and diagnostics ---
export type { Diagnostic, Severity } from './diagnostics/diagnostic.js';
export { GraphformError, isGraphformError, type JsonValue } from './diagnostics/errors.js';
export { GRAPHFORM_ERROR_CODES, type GraphformErrorCode } from './diagnostics/error-codes.js';
export { GraphServiceError } from './graph/errors.js';

// --- Declarations: parse, validate, hash (pure) ---
export type {
  AssetFilter,
  ContentTypeDefinition,
  ConversionDeclaration,
  ConversionOnError,
  ItemServiceField,
  FieldRef,
  KeepDeclaration,
  LinkDefinition,
  MoveDeclaration,
  PartialTypesBody,
  PropertyDefinition,
  PropertyTypeDefinition,
  PropertyTypeProperty,
  SourceDeclaration,
  SourceDefinition,
  SourceImport,
  SourceLocation,
  SourcePreset,
  UnknownFields,
} from './model/types.js';
export { CONVERSION_ON_ERROR, ITEM_SERVICE_FIELDS } from './model/types.js';
export type { DeclarationPath, SourceMap } from './load/source-map-types.js';
export { canonicalDefinition } from './model/canonical.js';
export { hashDeclarations, hashDefinition } from './model/hash.js';
export { parseDeclarationFile, type ParsedDeclarationFile } from './load/parse.js';
export { validateDeclarations, type ValidationContext, type ValidationResult } from './validate/validate.js';
export type { AccountTypes, ConfigEntry } from './validate/context.js';

// --- Plans: build, read and write, ask (pure) ---
export { diffSource } from './diff/diff-source.js';
export { CHANGE_KINDS, type Change, type ChangeKind } from './diff/change.js';
export { buildPlan } from './plan/build-plan.js';
export { parsePlanFile, serializePlan } from './plan/plan-file.js';
export { dataLossSources, detailedExitCode, hasChanges, hasPendingWork, summarize, withoutQuietSources } from './plan/policy.js';
export { itemsLost, itemsLostBy, type SourceLoss } from './plan/items-lost.js';
export { compareWithBase, type BaseComparison } from './plan/base-plan.js';
export * from './plan/types.js';
export type { PlanMove } from './plan/moved-changes.js';
export {
  LOST_REASONS,
  type AccessCounts,
  type ItemAccessKind,
  type UnservedValues,
  type ConversionIssue,
  type DroppedValues,
  type KeepAccount,
  type KeepRow,
  type LostExample,
  type LostReason,
  type MoveCount,
} from './keep/types.js';
export type { DiffCount } from './data/ledger/data-diff.js';
export type { SourceGraphqlChange } from './graphql-impact/policy.js';

// --- Frontend operations checked against the planned schema ---
export {
  OPERATION_STATUSES,
  OPERATIONS_FAIL_ON,
  type CheckedOperation,
  type DocumentPattern,
  type DocumentPlace,
  type OperationChange,
  type OperationCounts,
  type OperationProblem,
  type OperationsConfig,
  type OperationsFailOn,
  type OperationsReport,
  type OperationStatus,
} from './operations/types.js';
export type { OperationsFailure } from './operations/policy.js';

// --- Rendering: the text the command line prints ---
export { renderPlanJson } from './render/plan-json.js';
export { renderPlanMarkdown, type PlanMarkdownOptions } from './render/plan-markdown.js';
export { renderPlanText, type PlanTextOptions } from './render/plan-text.js';
export { renderDiagnosticsJson } from './render/diagnostics-json.js';
export { renderDiagnosticsText, type DiagnosticsTextOptions } from './render/diagnostics-text.js';
export { renderApplyEvent, renderApplySummary } from './render/apply-text.js';
export { againstBasePlan, type BasePlanView } from './render/against-base-plan.js';
export { PLAIN, type Painter, type Tint } from './render/painter.js';

// --- Apply events and results ---
export type { ApplyEvent, ApplyResult, DataSyncOutcome, SourceOutcome, VerifiedEndpoint } from './apply/types.js';
export type { SchemaGap, SchemaWait } from './graph/schema-wait.js';
export type { PollOutcome } from './graph/poll.js';
export type { NotServed, ServedCount, ServedProgress, ServedReport } from './graph/served.js';
export type { TypeLanguage } from './graph/content-counts.js';

// --- State: its file format ---
export { parseState, serializeState } from './state/state-format.js';
export { emptyState, stateDefinitions, stateEntry } from './state/state.js';
export {
  STATE_FORMAT_VERSION,
  type RemoteSnapshotCopy,
  type DataLedger,
  type LockInfo,
  type PendingSnapshot,
  type PendingWork,
  type State,
  type StateSourceEntry,
} from './state/types.js';
export type { ProcessProbe } from './state/process-identity.js';

// --- Data files ---
export type { DataLocation, FailedBatch, ProgressReporter, ProgressSnapshot, PushPhase, PushStatus, PushSummary, ValidationSummary } from './data/types.js';

// --- Marketing platform ---
export type { AppMode, Asset } from './marketing/types.js';

// --- The emulator, for tests and local work ---
export { startEmulator } from './emulator/index.js';
export type {
  ActiveFault,
  CmsSummary,
  EmulatorCredentials,
  EmulatorFaults,
  EmulatorInspector,
  EmulatorItem,
  EmulatorMount,
  EmulatorOptions,
  FaultRule,
  ItemCounts,
  ItemField,
  ItemPage,
  ItemQuery,
  RequestLogEntry,
  RunningEmulator,
  SourceSummary,
  UnsearchableItem,
} from './emulator/types.js';
export type {
  ContentSourceV3,
  ContentTypePropertyV3,
  ContentTypeV3,
  FieldRefV3,
  LinkConfigV3,
  PresetV3,
  PropertyTypeV3,
  PropertyV3,
} from './emulator/graph/wire-definition.js';
export type {
  AppGrant as EmulatorAppGrant,
  AppMode as EmulatorAppMode,
  AssetContent as EmulatorAssetContent,
  AssetLabel as EmulatorAssetLabel,
  AssetType,
  EmulatorAsset,
  EmulatorMarketing,
  MarketingApp as EmulatorMarketingApp,
  MarketingAppSummary as EmulatorMarketingAppSummary,
  TokenCounts as EmulatorTokenCounts,
} from './emulator/marketing-types.js';

export { TOOL_NAME, TOOL_VERSION } from './version.js';
