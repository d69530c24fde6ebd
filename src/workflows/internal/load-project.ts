import type { ResolvedConfig } from '../../config/types.js';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { GraphformError } from '../../diagnostics/errors.js';
import { maskDeclarations } from '../../graph/secret-values.js';
import { secretMatcher } from '../../http/redact.js';
import { displayPath, readDeclarationTexts } from '../../load/read-declarations.js';
import { parseProjectDeclarations } from '../../load/read-project.js';
import type { SourceDeclaration, SourceDefinition } from '../../model/types.js';
import { accountNamesTouch, declaredContentTypeNames } from '../../validate/account-names.js';
import type { AccountTypes } from '../../validate/context.js';
import { validateDeclarations, type ValidationContext } from '../../validate/validate.js';
import { isRecord } from '../../model/is-record.js';
import { codegenSourceEntries } from './codegen-sources.js';
import { allowsEmpty, type WorkflowHost } from '../host.js';

export interface LoadedProject {
  config: ResolvedConfig;
  /** Valid declarations, sorted by id. */
  declarations: SourceDeclaration[];
  diagnostics: Diagnostic[];
  /** File → text of every declaration file, for code frames in diagnostics. */
  sources: Map<string, string>;
  /**
   * Validates the same files again with what was learnt from the service (the account's
   * other content type names, the definitions it holds): the rules see it, the files are
   * not read twice.
   */
  revalidate(
    accountTypes: readonly AccountTypes[],
    heldSources?: Readonly<Record<string, SourceDefinition>>,
  ): { declarations: SourceDeclaration[]; diagnostics: Diagnostic[] };
}

/**
 * Config plus every declaration, read and validated. `stateSources` are the sources in
 * state: undeclared ones still take part in content type name collision checks.
 */
export async function loadProject(
  host: WorkflowHost,
  config: ResolvedConfig,
  options: { stateSources?: Readonly<Record<string, SourceDefinition>>; allowEmpty?: boolean; accountTypes?: readonly AccountTypes[] } = {},
): Promise<LoadedProject> {
  // The config's folder is the project: no declaration is read from outside it.
  const configName = config.configFile === undefined ? undefined : displayPath(config.configFile, host.cwd);
  const reads = await readDeclarationTexts(config.sources, host.cwd, config.rootDir, configName);
  const files = parseProjectDeclarations(reads);
  refuseEmptyProject(host, config, files.length, options);
  const codegenSources = await codegenSourceEntries(config, host.cwd, new Set(files.map((file) => (isRecord(file.value) ? file.value.id : undefined))));
  const context: ValidationContext = {
    scalarTypes: config.scalarTypes,
    reservedTypeNames: config.reservedTypeNames,
    maxSources: config.maxSources,
    stateSources: options.stateSources ?? {},
    ...(options.accountTypes === undefined ? {} : { accountTypes: options.accountTypes }),
    ...(codegenSources === undefined ? {} : { codegenSources }),
  };
  // A declared value that holds one of graphform's secrets is "[redacted]" from here on
  // (graph/secret-values.ts): no plan, state or output made from the declarations holds it.
  const masked = <T extends { declarations: SourceDeclaration[] }>(validated: T): T => ({
    ...validated,
    declarations: maskDeclarations(validated.declarations, secretMatcher()),
  });
  const result = masked(validateDeclarations(files, context));
  const declaredNames = declaredContentTypeNames(files);
  return {
    config,
    // Validating again costs as much as the first time: skipped when the account cannot change
    // the outcome. The texts are kept and parsed again then, not the parsed files, which are
    // several copies of every definition's size and seldom needed.
    revalidate: (accountTypes, heldSources) =>
      accountNamesTouch(declaredNames, accountTypes) || heldSources !== undefined
        ? masked(validateDeclarations(parseProjectDeclarations(reads), { ...context, accountTypes, ...(heldSources === undefined ? {} : { heldSources }) }))
        : result,
    declarations: result.declarations,
    diagnostics: result.diagnostics,
    // A file that was refused or is empty has no line worth showing.
    sources: new Map(files.filter((f) => f.text !== '').map((f) => [f.file, f.text])),
  };
}

/**
 * A project that declares nothing while state holds sources is far more often a mistake (a
 * wrong `sources` folder, a checkout without the declarations) than a wish to delete every
 * source: validate fails and plan refuses, unless GRAPHFORM_ALLOW_EMPTY=1 (or a caller's
 * allowEmpty) says it is meant.
 */
function refuseEmptyProject(
  host: WorkflowHost,
  config: ResolvedConfig,
  fileCount: number,
  options: { stateSources?: Readonly<Record<string, SourceDefinition>>; allowEmpty?: boolean },
): void {
  const inState = Object.keys(options.stateSources ?? {}).sort();
  if (fileCount > 0 || inState.length === 0 || options.allowEmpty === true || allowsEmpty(host)) return;
  const folder = displayPath(config.sources, host.cwd) || '.';
  throw new GraphformError(
    'GF_NOTHING_DECLARED',
    `${folder} declares no content source, but the state holds ${inState.length} (${inState.join(', ')}); nothing was planned or sent.`,
    {
      details: { folder, inState },
      hint:
        'Check `sources` in the config and that the declarations are checked out. ' +
        'To really stop managing every source (and delete them with `prune`), run with `allowEmpty`.',
    },
  );
}
