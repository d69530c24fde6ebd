import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';

let loaded: typeof Yaml | undefined;

/**
 * The `yaml` package, loaded on first use. Declarations and configs in plain YAML are read
 * by the quick reader (quick-yaml.ts), so a command whose files are all plain never loads
 * yaml's hundred modules (a third of validate's start-up); one that needs it loads it here,
 * synchronously, which keeps parsing a pure function. yaml's entry for node is CommonJS,
 * so this is the same module instance a static import would give.
 */
export function yamlPackage(): typeof Yaml {
  loaded ??= createRequire(import.meta.url)('yaml') as typeof Yaml;
  return loaded;
}
