/**
 * graphform's workflows: what each command does, as functions over plain inputs and an
 * injected environment, returning typed results. The command line (src/cli/) is a skin over
 * these; scripts and other tools call them directly. Each exported call first checks its
 * input and host (internal/input-specs.ts: GF_USAGE before any work), then redacts with the
 * secrets its host carries (own-secrets.ts).
 */
import { apply as applyWorkflow } from './apply.js';
import { assetsList as assetsListWorkflow, assetsSync as assetsSyncWorkflow } from './assets.js';
import {
  authLogin as authLoginWorkflow,
  authLogout as authLogoutWorkflow,
  authRefresh as authRefreshWorkflow,
  authStatus as authStatusWorkflow,
} from './auth.js';
import { checkOperations as checkOperationsWorkflow } from './check-operations.js';
import { codegen as codegenWorkflow } from './codegen.js';
import { dataPush as dataPushWorkflow, dataValidate as dataValidateWorkflow } from './data.js';
import { dataPurge as dataPurgeWorkflow } from './data-purge.js';
import { dataRestore as dataRestoreWorkflow } from './data-restore.js';
import { importSource as importSourceWorkflow } from './import.js';
import {
  APPLY_INPUT,
  ASSETS_LIST_INPUT,
  ASSETS_SYNC_INPUT,
  AUTH_LOGIN_INPUT,
  AUTH_LOGOUT_INPUT,
  CHECK_OPERATIONS_INPUT,
  CODEGEN_INPUT,
  DATA_INPUT,
  DATA_PURGE_INPUT,
  DATA_PUSH_INPUT,
  DATA_RESTORE_INPUT,
  IMPORT_INPUT,
  PLAN_INPUT,
  SELECTION,
  STATE_ENTRY_INPUT,
  STATE_UNLOCK_INPUT,
} from './internal/input-specs.js';
import { libraryWorkflow } from './internal/library-workflow.js';
import { plan as planWorkflow } from './plan.js';
import { stateList as stateListWorkflow, stateRm as stateRmWorkflow, stateShow as stateShowWorkflow, stateUnlock as stateUnlockWorkflow } from './state.js';
import { validate as validateWorkflow } from './validate.js';

export type { LockHolder, ProjectSelection, WorkflowHost, WorkflowMessage } from './host.js';
export { nodeHost, type NodeHostOptions, type WorkflowSwitches } from './node-host.js';
export type { EnvironmentView } from './environment-view.js';
export { InvalidDeclarationsError, isInvalidDeclarationsError } from './invalid-declarations.js';
export type { ValidateResult } from './validate.js';
export type { PlanWorkflowInput, PlanResult } from './plan.js';
export type { ApplyInput, ApplyRefusal, ApplyReport } from './apply.js';
export type { ImportInput, ImportResult, ImportedSource } from './import.js';
export type { CheckOperationsInput, CheckOperationsResult } from './check-operations.js';
export type { CodegenInput, CodegenResult } from './codegen.js';
export type { FileOutcome, FileStatus } from './internal/codegen-files.js';
export type { DataInput, LoadedSource, DataPushInput, DataPushResult, PushFlags } from './data.js';
export type { DataPurgeInput, DataPurgeResult } from './data-purge.js';
export type { DataRestoreInput, DataRestoreResult } from './data-restore.js';
export type { StateListing, StateSourceSummary } from './state.js';
export type { AssetsListInput, AssetsListResult, AssetsSyncInput, AssetsSyncResult } from './assets.js';
export type {
  AuthApp,
  AuthLoginInput,
  AuthLoginResult,
  AuthLogoutInput,
  AuthLogoutResult,
  AuthorizationCodeApp,
  AuthRefreshResult,
  AuthStatusResult,
  AuthTokens,
  ClientCredentialsApp,
} from './auth.js';

export const validate = libraryWorkflow('validate', SELECTION, validateWorkflow);
export const plan = libraryWorkflow('plan', PLAN_INPUT, planWorkflow);
export const apply = libraryWorkflow('apply', APPLY_INPUT, applyWorkflow);
export const importSource = libraryWorkflow('importSource', IMPORT_INPUT, importSourceWorkflow);
export const checkOperations = libraryWorkflow('checkOperations', CHECK_OPERATIONS_INPUT, checkOperationsWorkflow);
export const codegen = libraryWorkflow('codegen', CODEGEN_INPUT, codegenWorkflow);
export const dataValidate = libraryWorkflow('dataValidate', DATA_INPUT, dataValidateWorkflow);
export const dataPush = libraryWorkflow('dataPush', DATA_PUSH_INPUT, dataPushWorkflow);
export const dataPurge = libraryWorkflow('dataPurge', DATA_PURGE_INPUT, dataPurgeWorkflow);
export const dataRestore = libraryWorkflow('dataRestore', DATA_RESTORE_INPUT, dataRestoreWorkflow);
export const stateList = libraryWorkflow('stateList', SELECTION, stateListWorkflow);
export const stateShow = libraryWorkflow('stateShow', STATE_ENTRY_INPUT, stateShowWorkflow);
export const stateRm = libraryWorkflow('stateRm', STATE_ENTRY_INPUT, stateRmWorkflow);
export const stateUnlock = libraryWorkflow('stateUnlock', STATE_UNLOCK_INPUT, stateUnlockWorkflow);
export const assetsList = libraryWorkflow('assetsList', ASSETS_LIST_INPUT, assetsListWorkflow);
export const assetsSync = libraryWorkflow('assetsSync', ASSETS_SYNC_INPUT, assetsSyncWorkflow);
export const authLogin = libraryWorkflow('authLogin', AUTH_LOGIN_INPUT, authLoginWorkflow);
export const authStatus = libraryWorkflow('authStatus', SELECTION, authStatusWorkflow);
export const authRefresh = libraryWorkflow('authRefresh', SELECTION, authRefreshWorkflow);
export const authLogout = libraryWorkflow('authLogout', AUTH_LOGOUT_INPUT, authLogoutWorkflow);
