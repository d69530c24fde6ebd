import path from 'node:path';
import { MAX_CONFIG_BYTES } from '../../config/config-file.js';
import type { ResolvedConfig } from '../../config/types.js';
import { formatPath } from '../../load/format-path.js';
import { displayPath } from '../../load/read-declarations.js';
import { lazySourceMap, type SourceMap } from '../../load/source-map.js';
import { readRegularFile } from '../../fs/read-regular-file.js';
import { decodeUtf8 } from '../../fs/utf8-text.js';
import type { ConfigEntry } from '../../validate/context.js';

/**
 * The config's `codegen.sources`, each id with where the config writes it, for validation
 * (rule codegen-sources): undefined when the config names none. `declaredIds` are the ids
 * of the declaration files read. The loaded config keeps no
 * positions, so a YAML or JSON config (package.json's `graphform` key too) is read again,
 * as a checked regular file, and located the way GF_CONFIG_INVALID locates keys; a JS
 * config, or one that cannot be read again, puts every entry at 1:1 and names it by its
 * key path.
 */
export async function codegenSourceEntries(config: ResolvedConfig, cwd: string, declaredIds: ReadonlySet<unknown>): Promise<ConfigEntry[] | undefined> {
  const ids = config.codegen.sources;
  if (ids === undefined || ids.length === 0 || config.configFile === undefined) return undefined;
  // Named as declaration files are in diagnostics: relative to the working folder.
  const file = displayPath(config.configFile, cwd);
  // Positions matter only for an id the rule will report: every command loads the project, so the config is read again only then.
  const sourceMap = ids.every((id) => declaredIds.has(id)) ? undefined : await configSourceMap(config.configFile, file);
  const prefix = path.basename(config.configFile) === 'package.json' ? ['graphform'] : [];
  return ids.map((value, i) => {
    const keyPath = ['codegen', 'sources', i];
    const at = sourceMap?.locate([...prefix, ...keyPath], 'value') ?? { line: 1, column: 1 };
    return { value, file, line: at.line, column: at.column, path: formatPath(keyPath) };
  });
}

async function configSourceMap(configFile: string, shown: string): Promise<SourceMap | undefined> {
  // Which configs have positions: as load-config.ts decides (JSON is YAML).
  if (!/\.(ya?ml|json)$|rc$/.test(configFile)) return undefined;
  const read = await readRegularFile(configFile, MAX_CONFIG_BYTES);
  if (!read.ok) return undefined;
  const decoded = decodeUtf8(read.bytes);
  return decoded.ok ? lazySourceMap(shown, decoded.text) : undefined;
}
