/**
 * graphform's workflows: what each command does, as functions over plain inputs and an
 * injected environment, returning typed results. The command line (src/cli/) is a skin over
 * these; scripts and other tools call them directly.
 */
export type { LockHolder, ProjectSelection, WorkflowEnvironment, WorkflowMessage } from './environment.js';
export { nodeEnvironment, type NodeEnvironmentOptions } from './node-environment.js';
export type { EnvironmentView } from './environment-view.js';
export { InvalidDeclarationsError, isInvalidDeclarationsError } from './invalid-declarations.js';
export { validate, type ValidateResult } from './validate.js';
export { plan, type PlanWorkflowInput, type PlanResult } from './plan.js';
export { apply, type ApplyInput, type ApplyRefusal, type ApplyReport } from './apply.js';
export { importSource, type ImportInput, type ImportResult, type ImportedSource } from './import.js';
export { codegen, type CodegenInput, type CodegenResult } from './codegen.js';
export type { FileOutcome, FileStatus } from './codegen-files.js';
export { dataPurge, dataPush, dataValidate, type DataInput, type LoadedSource, type DataPurgeInput, type DataPurgeResult, type DataPushInput, type DataPushResult, type PushFlags } from './data.js';
export { dataRestore, type DataRestoreInput, type DataRestoreResult } from './data-restore.js';
export { stateList, stateRm, stateShow, stateUnlock, type StateListing, type StateSourceSummary } from './state.js';
export { assetsList, assetsSync, type AssetsListInput, type AssetsListResult, type AssetsSyncInput, type AssetsSyncResult } from './assets.js';
export {
  authLogin,
  authLogout,
  authRefresh,
  authStatus,
  type AuthApp,
  type AuthLoginInput,
  type AuthLoginResult,
  type AuthLogoutInput,
  type AuthLogoutResult,
  type AuthorizationCodeApp,
  type AuthRefreshResult,
  type AuthStatusResult,
  type AuthTokens,
  type ClientCredentialsApp,
} from './auth.js';
