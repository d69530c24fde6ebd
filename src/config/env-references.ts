import { isRecord } from '../model/is-record.js';
import type { ShapeProblem } from './check-shape.js';
import { envReferences } from './interpolate.js';

/** Any one environment's name, in a key path of READ_HERE. */
const ANY = '*';

/**
 * The keys whose `${env:NAME}` is read (docs/configuration.md "Rules"): where a service's address or
 * a credential goes, which differ between a laptop and a pipeline and must stay out of the
 * repository. Nowhere else: a path, a name or a folder is shown in output (a missing
 * folder, a file out of date), and the pull request workflow posts that output with the
 * production secrets in the environment, so `sources: "${env:GRAPH_SECRET}"` would put
 * the secret in a comment, and `${env:ANY_NAME}` any variable of the runner.
 */
const READ_HERE: readonly (readonly string[])[] = [
  ['environments', ANY, 'graphUrl'],
  ['environments', ANY, 'auth', 'appKey'],
  ['environments', ANY, 'auth', 'secret'],
  ['environments', ANY, 'singleKey'],
  // The http backend's server and credentials; `state.path` is a path, like `sources`.
  ...['address', 'lockAddress', 'unlockAddress', 'lockMethod', 'unlockMethod', 'username', 'password'].map((key) => ['environments', ANY, 'state', key]),
  ...['authUrl', 'baseUrl', 'clientId', 'clientSecret', 'redirectUri', 'revokeUrl'].map((key) => ['marketing', key]),
];

/** READ_HERE in words, for the message that refuses a variable anywhere else. */
const READ_HERE_IN_WORDS =
  "an environment's graphUrl, auth.appKey, auth.secret, " +
  "singleKey and http state keys (address, lockAddress, unlockAddress, lockMethod, unlockMethod, username, password) and in marketing's keys";

/**
 * Every string of the (raw) config that reads a variable where none is read, as a shape
 * problem at the string's position. Walked with a stack, not recursion: a JavaScript
 * config can be as deep as its code makes it, and even refer to itself.
 */
export function misplacedReferences(config: unknown): ShapeProblem[] {
  const problems: ShapeProblem[] = [];
  const seen = new Set<object>();
  const stack: { node: unknown; path: (string | number)[] }[] = [{ node: config, path: [] }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { node, path } = next;
    if (typeof node === 'string') {
      const [name] = envReferences(node);
      if (name !== undefined && !isReadHere(path)) {
        const shown = [...new Set(envReferences(node))].map((n) => `\${env:${n}}`).join(', ');
        problems.push({ path, atKey: false, message: `${shown} is not read here: \${env:NAME} is read only in ${READ_HERE_IN_WORDS}; write the value itself` });
      }
      continue;
    }
    if ((!Array.isArray(node) && !isRecord(node)) || seen.has(node)) continue;
    seen.add(node);
    const children: [string | number, unknown][] = Array.isArray(node) ? node.map((item, index) => [index, item]) : Object.entries(node);
    // Pushed last to first, so problems come out in the order of the file.
    for (let i = children.length - 1; i >= 0; i -= 1) {
      const [key, child] = children[i] as [string | number, unknown];
      stack.push({ node: child, path: [...path, key] });
    }
  }
  return problems;
}

function isReadHere(path: readonly (string | number)[]): boolean {
  return READ_HERE.some(
    (pattern) => pattern.length === path.length && pattern.every((key, i) => key === path[i] || (key === ANY && typeof path[i] === 'string')),
  );
}
