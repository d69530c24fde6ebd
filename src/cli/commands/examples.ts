import type { Command } from 'commander';

/**
 * The Examples section of each command's --help, by command path. A test checks that every
 * command has one, so a new command cannot ship without showing how it is used.
 */
export const EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  init: [
    'graphform init                    # asks for the source id, label and languages',
    'graphform init my-site --yes      # defaults, in a new folder',
    'graphform init --ci gitlab',
  ],
  validate: ['graphform validate', 'graphform validate --format json > diagnostics.json'],
  plan: [
    'graphform plan',
    'graphform plan --env production --detailed-exitcode   # 0 none, 2 changes, 3 data loss',
    'graphform plan --format markdown --out plan.json > plan.md',
    'graphform plan --source shop --diff',
  ],
  apply: [
    'graphform apply                                 # plans, asks, applies',
    'graphform apply --yes --env production          # in a pipeline',
    'graphform apply plan.json                       # exactly the reviewed plan',
    'graphform apply --yes --allow-data-loss --prune # deletes data: only when intended',
  ],
  import: [
    'graphform import shop       # adopt one source the service already has',
    'graphform import --all      # every source of the account graphform does not manage',
  ],
  state: ['graphform state list', 'graphform state show shop', 'graphform state rm shop', 'graphform state unlock 5f0c…'],
  'state list': ['graphform state list', 'graphform state list --env production --format json'],
  'state show': ['graphform state show shop'],
  'state rm': ['graphform state rm shop     # forget it; the source and its items stay in the service'],
  'state unlock': ['graphform state unlock 5f0c2a9e-…   # the id GF_STATE_LOCKED printed'],
  data: ['graphform data validate shop', 'graphform data push shop', 'graphform data purge shop --language sv --yes'],
  'data validate': ['graphform data validate shop', 'graphform data validate shop exports/items.ndjson --max-errors 200'],
  'data push': [
    'graphform data push shop                       # its declared data: files',
    'graphform data push shop items.ndjson --dry-run',
    'graphform data push shop big.ndjson --batch-bytes 8388608 --concurrency 8',
  ],
  'data purge': ['graphform data purge shop --language sv', 'graphform data purge shop --all-languages --yes'],
  'data restore': [
    'graphform data restore .graphform/snapshots/local/shop-20261127T120000000Z.ndjson   # the snapshot `state show shop` names',
    'graphform data restore saved.ndjson --source shop',
  ],
  'check-operations': [
    'graphform check-operations                 # operations.documents against the declarations',
    "graphform check-operations --documents 'web/src/**/*.tsx' --format markdown",
  ],
  codegen: [
    'graphform codegen                          # generated/graphform/<id>.ts, .graphql, .schema.json',
    'graphform codegen --out src/generated --source shop',
    'graphform codegen --check                  # in CI: exit 1 when a generated file is stale',
  ],
  auth: ['graphform auth login', 'graphform auth status', 'graphform auth logout'],
  'auth login': [
    'graphform auth login                # opens the browser, waits for the callback',
    'graphform auth login --no-browser   # prints the URL to open yourself',
  ],
  'auth status': ['graphform auth status', 'graphform auth status --format json'],
  'auth refresh': ['graphform auth refresh'],
  'auth logout': ['graphform auth logout'],
  assets: ['graphform assets list', 'graphform assets sync shop'],
  'assets list': ['graphform assets list', 'graphform assets list --format json > assets.json'],
  'assets sync': ['graphform assets sync shop   # the import: block of source shop says what becomes an item'],
  emulator: ['graphform emulator --port 5152 --data-dir .graphform/emulator-shared', 'graphform emulator --max-sources 3 --cms-types cms.yaml'],
};

/** Adds "Examples:" to the --help of every command that has them, at every depth. */
export function addExamples(command: Command, path: readonly string[] = []): void {
  for (const sub of command.commands) {
    const at = [...path, sub.name()];
    const lines = EXAMPLES[at.join(' ')];
    if (lines !== undefined) sub.addHelpText('after', `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`);
    addExamples(sub, at);
  }
}
