import { SCALAR_TYPES } from '../model/types.js';
import type { DataConfig, HttpConfig } from './types.js';

export const DEFAULT_SOURCES_DIR = 'content-sources';
export const DEFAULT_ENVIRONMENT = 'local';
export const DEFAULT_EMULATOR_DIR = '.graphform/emulator';
export const DEFAULT_SCALAR_TYPES: readonly string[] = SCALAR_TYPES;

export function defaultStatePath(environment: string): string {
  return `.graphform/state/${environment}.json`;
}

export const DEFAULT_DATA: DataConfig = {
  idField: 'Id',
  languageField: 'language_routing',
  batchMaxBytes: 4 * 1024 * 1024,
  batchMaxItems: 1000,
  concurrency: 4,
};

export const DEFAULT_HTTP: HttpConfig = {
  timeoutMs: 30_000,
  maxAttempts: 5,
};
