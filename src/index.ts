/**
 * graphform's programmatic API. The workflows (validate, plan, apply, import, data push,
 * state, …) are what each command does, over plain inputs and an injected environment
 * (docs/library.md); below them, the pieces they are made of, for tools that need finer
 * control. The command line itself is `main(argv, io)`, a thin skin over the workflows.
 */
export * from './workflows/index.js';

export { main } from './cli/main.js';
export type { CliIO } from './cli/io.js';

export { loadConfig, selectEnvironment } from './config/load-config.js';
export type { DataConfig, EnvironmentConfig, ResolvedConfig, StateConfig } from './config/types.js';

// A config as a value (the shape of graphform.config.yaml) and the secrets a run knows.
export type { ConfigDuration, GraphformConfig, GraphformEnvironmentConfig } from './config/config-object.js';
export { createSecretList, type SecretList } from './http/secret-list.js';

export type { Diagnostic, Severity } from './diagnostics/diagnostic.js';
export { GraphformError, isGraphformError } from './diagnostics/errors.js';

export type { ContentTypeDefinition, PartialTypesBody, PropertyDefinition, SourceDeclaration, SourceDefinition } from './model/types.js';
export { canonicalDefinition } from './model/canonical.js';
export { hashDeclarations, hashDefinition } from './model/hash.js';

export { parseDeclarationFile, type ParsedDeclarationFile } from './load/parse.js';
export { readDeclarationFiles } from './load/read-declarations.js';
export { excludeDataFiles } from './load/exclude-data-files.js';
export { validateDeclarations, type ValidationContext, type ValidationResult } from './validate/validate.js';

export { diffSource } from './diff/diff-source.js';
export type { Change, ChangeKind } from './diff/change.js';
export * from './plan/index.js';
export { renderPlanJson } from './render/plan-json.js';
export { renderPlanMarkdown } from './render/plan-markdown.js';
export { renderPlanText } from './render/plan-text.js';
export { renderDiagnosticsJson } from './render/diagnostics-json.js';
export { renderDiagnosticsText } from './render/diagnostics-text.js';

export { applyPlan, pendingAdoptions, type ApplyOptions } from './apply/apply-plan.js';
export type { ApplyEvent, ApplyResult, SourceOutcome } from './apply/types.js';
export * from './state/index.js';

export { createGraphClient } from './graph/client.js';
export { GraphServiceError } from './graph/errors.js';
export type { GraphAuth, GraphClient, RemoteDefinition, SourceDeleteMode, SourceInfo, SourceLabels } from './graph/types.js';

export { pushData, purge, repushDeclaredData, validateDataFiles } from './data/index.js';
export type { PushSummary, ValidationSummary } from './data/types.js';

export * from './marketing/index.js';

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
