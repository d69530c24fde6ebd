import path from 'node:path';
import { generateSource, type GeneratedFile } from '../codegen/generate.js';
import { GraphformError } from '../diagnostics/errors.js';
import type { SourceDeclaration } from '../model/types.js';
import {
  checkedOutFolder,
  compareGenerated,
  findLeftovers,
  removeLeftovers,
  servedSchemaLeftovers,
  writeGenerated,
  type FileOutcome,
} from './internal/codegen-files.js';
import type { ProjectSelection, WorkflowHost } from './host.js';
import { loadProject } from './internal/load-project.js';
import { refuseInvalid } from './internal/planning.js';
import { configFor } from './internal/select.js';
import { warn } from './host.js';
import { offlineEnvironment, servedItemFields } from './internal/served-item-fields.js';
import { SERVED_SCHEMA_FILES, SERVED_SCHEMA_HEADER, servedSchemaFiles } from '../codegen/served-sdl.js';

export interface CodegenInput extends ProjectSelection {
  /** The output folder (relative to the environment's folder); default the config's codegen.out. */
  out?: string;
  /** Generate for these sources only; default the config's codegen.sources, else every one. */
  sources?: readonly string[];
  /** Write nothing; report files that are missing or differ, and leftovers. */
  check?: boolean;
}

export interface CodegenResult {
  check: boolean;
  /** The output folder, absolute. */
  out: string;
  /** How many sources were generated for. */
  sources: number;
  /**
   * Per file: written or unchanged, or with check, stale or missing; then each leftover
   * (a file codegen wrote for a source it no longer generates): removed, or with check stale.
   */
  outcomes: FileOutcome[];
  /** Every file is as generated and no leftover is left (with check: nothing stale or missing). */
  upToDate: boolean;
}

/**
 * `graphform codegen`: per source, `<id>.ts`, `<id>.graphql` and `<id>.schema.json` in the
 * output folder, the schema the endpoint serves for every declared source (`_schema.graphql`
 * and its introspection JSON), and removes the files it wrote earlier for sources it no longer generates
 * (no longer declared, or no longer in codegen.sources; with --source, only those of sources
 * no longer declared), never another file; with check, writes and removes nothing. Reads
 * only the declarations and the config (no state, no service), so a CI job checks the
 * generated files without credentials.
 */
export async function codegen(input: CodegenInput, host: WorkflowHost): Promise<CodegenResult> {
  const project = await loadProject(host, await configFor(input, host));
  refuseInvalid(project.diagnostics, project.sources, 'nothing was written');
  const { config } = project;
  const out = await checkedOutFolder(input.out === undefined ? config.codegen.out : path.resolve(host.cwd, input.out), config.rootDir);
  const declarations = chosen(
    project.declarations,
    input.sources ?? config.codegen.sources,
    input.sources === undefined ? 'codegen.sources in the config' : '--source',
  );

  const files: GeneratedFile[] = [];
  const routingFields = [config.data.idField, config.data.languageField];
  // The fields the served schema gives every item (`Status`), as the environment serves them: the read shape has them too.
  const itemFields = servedItemFields(offlineEnvironment(config, input.environment));
  for (const declaration of declarations) {
    const file = path.relative(config.rootDir, path.resolve(host.cwd, declaration.file)).split(path.sep).join('/');
    files.push(...(await generateSource({ id: declaration.id, file }, declaration.definition, routingFields, itemFields)));
  }
  const schemaServed = project.declarations.some((d) => Object.keys(d.definition.contentTypes).length > 0);
  if (schemaServed) {
    const folder = path.relative(config.rootDir, config.sources).split(path.sep).join('/') || '.';
    const served = await servedSchemaFiles(project.declarations, itemFields, folder);
    if (served.ok) files.push(...served.files);
    else
      warn(
        host,
        'GF_CODEGEN_SCHEMA_UNBUILT',
        `the content GraphQL schema of the declarations does not build (${served.problem}); ${SERVED_SCHEMA_FILES.sdl} was not written.`,
      );
  }
  const check = input.check === true;
  const outcomes = files.length === 0 ? [] : check ? await compareGenerated(out, files) : await writeGenerated(out, files);
  // A run for some sources (--source) leaves the files of the others the config generates.
  const generated = new Set((input.sources === undefined ? declarations : project.declarations).map((d) => d.id));
  const leftovers = [
    ...(await findLeftovers(out, generated)),
    ...(schemaServed ? [] : await servedSchemaLeftovers(out, SERVED_SCHEMA_FILES, SERVED_SCHEMA_HEADER)),
  ];
  if (check) outcomes.push(...leftovers.map((l): FileOutcome => ({ file: l.file, status: 'stale', ...(l.id === undefined ? {} : { leftoverOf: l.id }) })));
  else outcomes.push(...(await removeLeftovers(leftovers)));
  return {
    check,
    out,
    sources: declarations.length,
    outcomes,
    upToDate: outcomes.every((o) => o.status === 'unchanged' || o.status === 'written' || o.status === 'removed'),
  };
}

/** The declarations to generate for: the ids given (each must be declared), or every one. */
function chosen(declarations: readonly SourceDeclaration[], ids: readonly string[] | undefined, where: string): SourceDeclaration[] {
  if (ids === undefined || ids.length === 0) return [...declarations];
  const unknown = ids.filter((id) => !declarations.some((d) => d.id === id));
  if (unknown.length > 0) {
    throw new GraphformError(
      'GF_CODEGEN_UNKNOWN_SOURCE',
      `${where} names ${unknown.length === 1 ? 'a source' : 'sources'} that ${unknown.length === 1 ? 'is' : 'are'} not declared: ${unknown.join(', ')}.`,
      {
        hint: `Declared sources: ${declarations.map((d) => d.id).join(', ') || 'none'}.`,
      },
    );
  }
  return declarations.filter((d) => ids.includes(d.id));
}
