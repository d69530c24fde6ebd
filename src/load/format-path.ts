import type { DeclarationPath } from './source-map.js';

/** The dot-path shown in diagnostics: contentTypes.Product.properties.Size, languages[1]. */
export function formatPath(path: DeclarationPath): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? segment : `.${segment}`;
  }
  return out;
}
