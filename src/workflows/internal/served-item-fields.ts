import type { EnvironmentConfig, ResolvedConfig } from '../../config/types.js';
import { isGraphformError } from '../../diagnostics/errors.js';
import { ITEM_FIELDS_SERVED_BY_DEFAULT, type ItemField } from '../../emulator/types.js';

/** The item fields the environment's GraphQL serves besides `_id`, `ContentType` and `Language`. */
export function servedItemFields(environment: EnvironmentConfig | undefined): readonly ItemField[] {
  return environment?.emulator?.itemFields ?? ITEM_FIELDS_SERVED_BY_DEFAULT;
}

/**
 * The environment whose item fields the schema serves; a frontend's CI may lack a remote
 * environment's secrets, and nothing here talks to the service, so one that does not
 * resolve counts as one serving the default item fields.
 */
export function offlineEnvironment(config: ResolvedConfig, name: string | undefined): EnvironmentConfig | undefined {
  try {
    return config.resolveEnvironment(name ?? config.defaultEnvironment);
  } catch (error) {
    if (isGraphformError(error) && error.code !== 'GF_CONFIG_UNKNOWN_ENVIRONMENT') return undefined;
    throw error;
  }
}
