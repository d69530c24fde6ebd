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
export type { DataConfig, EnvironmentConfig, ResolvedConfig, StateConfig } from './config/types.js';

// --- Errors and diagnostics ---
export type { Diagnostic, Severity } from './diagnostics/diagnostic.js';
export { GraphformError, isGraphformError } from './diagnostics/errors.js';
export { GraphServiceError } from './graph/errors.js';

// --- Declarations: parse, validate, hash (pure) ---
export type { ContentTypeDefinition, PartialTypesBody, PropertyDefinition, SourceDeclaration, SourceDefinition } from './model/types.js';
export { canonicalDefinition } from './model/canonical.js';
export { hashDeclarations, hashDefinition } from './model/hash.js';
export { parseDeclarationFile, type ParsedDeclarationFile } from './load/parse.js';
export { validateDeclarations, type ValidationContext, type ValidationResult } from './validate/validate.js';

// --- Plans: build, read and write, ask (pure) ---
export { diffSource } from './diff/diff-source.js';
export type { Change, ChangeKind } from './diff/change.js';
export { buildPlan } from './plan/build-plan.js';
export { parsePlanFile, serializePlan } from './plan/plan-file.js';
export { dataLossSources, detailedExitCode, hasChanges, hasPendingWork, summarize, withoutQuietSources } from './plan/policy.js';
export * from './plan/types.js';

// --- Rendering: the text the command line prints ---
export { renderPlanJson } from './render/plan-json.js';
export { renderPlanMarkdown } from './render/plan-markdown.js';
export { renderPlanText } from './render/plan-text.js';
export { renderDiagnosticsJson } from './render/diagnostics-json.js';
export { renderDiagnosticsText } from './render/diagnostics-text.js';

// --- Apply events and results ---
export type { ApplyEvent, ApplyResult, SourceOutcome } from './apply/types.js';

// --- State: its file format ---
export { parseState, serializeState } from './state/state-format.js';
export { emptyState, stateDefinitions, stateEntry } from './state/state.js';
export { STATE_FORMAT_VERSION, type LockInfo, type State, type StateSourceEntry } from './state/types.js';

// --- Data files ---
export type { PushSummary, ValidationSummary } from './data/types.js';

// --- The emulator, for tests and local work ---
export { startEmulator } from './emulator/index.js';
export type { EmulatorFaults, EmulatorInspector, EmulatorOptions, FaultRule, RunningEmulator } from './emulator/types.js';
export type {
  AssetType,
  EmulatorAsset,
  EmulatorMarketing,
  MarketingApp as EmulatorMarketingApp,
  MarketingAppSummary as EmulatorMarketingAppSummary,
  TokenCounts as EmulatorTokenCounts,
} from './emulator/marketing-types.js';

export { TOOL_NAME, TOOL_VERSION } from './version.js';
