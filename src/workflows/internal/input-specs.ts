import { DATA_ERROR_CODES } from '../../data/codes.js';
import { GraphformError } from '../../diagnostics/errors.js';
import type { ApplyInput } from '../apply.js';
import type { AssetsListInput, AssetsSyncInput } from '../assets.js';
import type { AuthLoginInput, AuthLogoutInput } from '../auth.js';
import type { CheckOperationsInput } from '../check-operations.js';
import type { CodegenInput } from '../codegen.js';
import type { DataInput, DataPushInput, PushFlags } from '../data.js';
import type { DataPurgeInput } from '../data-purge.js';
import type { DataRestoreInput } from '../data-restore.js';
import type { ProjectSelection } from '../host.js';
import type { ImportInput } from '../import.js';
import type { PlanWorkflowInput } from '../plan.js';
import type { InputSpec, OptionKind } from './input-check.js';

/**
 * The options each exported workflow's input documents, with the kind of value each takes:
 * one spec per input type, built from the one it extends as the type is. The mapped type
 * makes the compiler hold each spec to its input type, so an option added to a type and
 * not here fails the build.
 */
const string = (what: string): OptionKind => ({ type: 'string', what });
const strings = (what: string): OptionKind => ({ type: 'strings', what });
const boolean: OptionKind = { type: 'boolean' };
const count: OptionKind = { type: 'count' };
const fn: OptionKind = { type: 'function' };
const sourceId = string('the id of a declared source');

export const SELECTION: InputSpec<ProjectSelection> = {
  options: {
    config: { type: 'object', what: 'a config object (the shape of graphform.config.yaml) or one from loadConfig()' },
    configFile: string('a config file path'),
    environment: string("an environment's name"),
  },
};

export const PLAN_INPUT: InputSpec<PlanWorkflowInput> = {
  options: {
    ...SELECTION.options,
    prune: boolean,
    refresh: boolean,
    refreshOnly: boolean,
    strategy: { type: 'oneOf', values: ['auto', 'full'] },
    targets: strings('source ids'),
  },
};

export const APPLY_INPUT: InputSpec<ApplyInput> = {
  options: {
    ...PLAN_INPUT.options,
    allowDataLoss: boolean,
    confirm: fn,
    lockTimeoutMs: { type: 'milliseconds' },
    onEvent: fn,
    onPlan: fn,
    parallelism: count,
    plan: { type: 'object', what: 'a plan (from plan() or parsePlanFile())' },
    planFile: string('a saved plan file path'),
    verify: boolean,
    wait: boolean,
  },
};

export const IMPORT_INPUT: InputSpec<ImportInput> = {
  options: { ...SELECTION.options, all: boolean, id: string('a source id'), onImported: fn, out: string('a file or folder path') },
};

export const CHECK_OPERATIONS_INPUT: InputSpec<CheckOperationsInput> = { options: { ...SELECTION.options, documents: { type: 'documents' } } };

export const CODEGEN_INPUT: InputSpec<CodegenInput> = {
  options: { ...SELECTION.options, check: boolean, out: string('a folder path'), sources: strings('source ids') },
};

export const DATA_INPUT: InputSpec<DataInput> = {
  options: {
    ...SELECTION.options,
    source: sourceId,
    files: strings('file paths'),
    maxErrors: count,
    progress: { type: 'object', what: 'a progress reporter (update and done)' },
  },
  required: ['source'],
};

const PUSH_FLAGS: InputSpec<PushFlags>['options'] = { dryRun: boolean, skipInvalid: boolean, batchBytes: count, batchItems: count, concurrency: count };

export const DATA_PUSH_INPUT: InputSpec<DataPushInput> = {
  options: { ...DATA_INPUT.options, ...PUSH_FLAGS, wait: boolean, onWaiting: fn },
  required: ['source'],
};

export const DATA_RESTORE_INPUT: InputSpec<DataRestoreInput> = {
  options: {
    ...SELECTION.options,
    ...PUSH_FLAGS,
    maxErrors: count,
    progress: DATA_INPUT.options.progress,
    wait: boolean,
    onWaiting: fn,
    forgetMissingItems: boolean,
    snapshot: string('a snapshot file path'),
    source: sourceId,
  },
  required: ['snapshot'],
};

export const DATA_PURGE_INPUT: InputSpec<DataPurgeInput> = {
  options: { ...SELECTION.options, source: sourceId, languages: strings('language codes'), allLanguages: boolean, confirm: fn },
  required: ['source'],
  // The command line says the same with its flags (the workflow's own check).
  rule: (input, name) =>
    (input.allLanguages === true) === (input.languages ?? []).length > 0 || input.languages?.some((l) => l.trim() === '') === true
      ? new GraphformError(
          DATA_ERROR_CODES.noLanguages,
          `${name}: name the languages to purge in input.languages (non-empty language codes), or set input.allLanguages: true; not both.`,
        )
      : undefined,
};

export const STATE_ENTRY_INPUT: InputSpec<ProjectSelection & { id: string }> = { options: { ...SELECTION.options, id: sourceId }, required: ['id'] };

export const STATE_UNLOCK_INPUT: InputSpec<ProjectSelection & { lockId: string; force?: boolean }> = {
  options: { ...SELECTION.options, lockId: string("the lock's id"), force: boolean },
  required: ['lockId'],
};

export const ASSETS_LIST_INPUT: InputSpec<AssetsListInput> = { options: { ...SELECTION.options, pageSize: { type: 'count', max: 100 } } };

export const ASSETS_SYNC_INPUT: InputSpec<AssetsSyncInput> = {
  options: { ...ASSETS_LIST_INPUT.options, ...PUSH_FLAGS, maxErrors: count, progress: DATA_INPUT.options.progress, source: sourceId },
  required: ['source'],
};

export const AUTH_LOGIN_INPUT: InputSpec<AuthLoginInput> = {
  options: { ...SELECTION.options, onAuthorizationUrl: fn, openBrowser: fn, timeoutMs: { type: 'milliseconds' } },
  required: ['onAuthorizationUrl'],
};

export const AUTH_LOGOUT_INPUT: InputSpec<AuthLogoutInput> = { options: { ...SELECTION.options, revoke: boolean } };
