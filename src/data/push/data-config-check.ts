import type { DataConfig } from '../../config/types.js';
import { GraphformError } from '../../diagnostics/errors.js';
import { DATA_ERROR_CODES } from '../codes.js';

/** The config loader passes `data:` through as written; numbers are checked where they are used. */
export function checkDataConfig(config: DataConfig): void {
  const numbers: [keyof DataConfig, unknown][] = [
    ['batchMaxBytes', config.batchMaxBytes],
    ['batchMaxItems', config.batchMaxItems],
    ['concurrency', config.concurrency],
  ];
  for (const [key, value] of numbers) {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
      throw new GraphformError(DATA_ERROR_CODES.invalidConfig, `data.${key} must be a whole number of at least 1, found ${JSON.stringify(value)}.`, {
        hint: 'Fix it in the config file or the matching input option.',
      });
    }
  }
  for (const key of ['idField', 'languageField'] as const) {
    if (typeof config[key] !== 'string' || config[key].length === 0) {
      throw new GraphformError(DATA_ERROR_CODES.invalidConfig, `data.${key} must be a field name, found ${JSON.stringify(config[key])}.`);
    }
  }
}
