/**
 * graphform's workflows: what each command does, as functions over plain inputs and an
 * injected environment, returning typed results. The command line (src/cli/) is a skin over
 * these; scripts and other tools call them directly, each call redacting with the secrets
 * its environment carries (own-secrets.ts).
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
import { ownSecrets } from './internal/own-secrets.js';
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

export const validate = ownSecrets(validateWorkflow);
export const plan = ownSecrets(planWorkflow);
export const apply = ownSecrets(applyWorkflow);
export const importSource = ownSecrets(importSourceWorkflow);
export const checkOperations = ownSecrets(checkOperationsWorkflow);
export const codegen = ownSecrets(codegenWorkflow);
export const dataValidate = ownSecrets(dataValidateWorkflow);
export const dataPush = ownSecrets(dataPushWorkflow);
export const dataPurge = ownSecrets(dataPurgeWorkflow);
export const dataRestore = ownSecrets(dataRestoreWorkflow);
export const stateList = ownSecrets(stateListWorkflow);
export const stateShow = ownSecrets(stateShowWorkflow);
export const stateRm = ownSecrets(stateRmWorkflow);
export const stateUnlock = ownSecrets(stateUnlockWorkflow);
export const assetsList = ownSecrets(assetsListWorkflow);
export const assetsSync = ownSecrets(assetsSyncWorkflow);
export const authLogin = ownSecrets(authLoginWorkflow);
export const authStatus = ownSecrets(authStatusWorkflow);
export const authRefresh = ownSecrets(authRefreshWorkflow);
export const authLogout = ownSecrets(authLogoutWorkflow);
