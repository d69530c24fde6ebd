import path from 'node:path';
import { generateSource, type GeneratedFile } from '../../codegen/generate.js';
import { GraphformError } from '../../diagnostics/errors.js';
import type { SourceDeclaration } from '../../model/types.js';
import { escapeControl as e } from '../../render/escape-control.js';
import { checkedOutFolder, compareGenerated, writeGenerated, type FileOutcome } from '../codegen-files.js';
import type { CommandContext } from '../context.js';
import { loadProject } from '../../workflows/load-project.js';
import { refuseInvalid } from '../../workflows/planning.js';
import { workflowEnvironmentFor } from '../workflow-environment.js';

export interface CodegenFlags {
  out?: string;
  source?: string[];
  check?: boolean;
}

/**
 * `graphform codegen`: per source, `<id>.ts`, `<id>.graphql` and `<id>.schema.json` in the
 * output folder; with --check, writes nothing and exits 1 when a file is missing or stale.
 * Reads only the declarations and the config (no state, no service), so a CI job checks
 * the generated files without credentials.
 */
export async function codegen(ctx: CommandContext, flags: CodegenFlags): Promise<number> {
  const project = await loadProject(workflowEnvironmentFor(ctx), await ctx.loadConfig());
  refuseInvalid(project.diagnostics, project.sources);
  const { config } = project;
  const out = await checkedOutFolder(flags.out === undefined ? config.codegen.out : path.resolve(ctx.io.cwd, flags.out), config.rootDir);
  const declarations = chosen(project.declarations, flags.source ?? config.codegen.sources, flags.source === undefined ? 'codegen.sources in the config' : '--source');

  const files: GeneratedFile[] = [];
  const routingFields = [config.data.idField, config.data.languageField];
  for (const declaration of declarations) {
    const file = path.relative(config.rootDir, path.resolve(ctx.io.cwd, declaration.file)).split(path.sep).join('/');
    files.push(...(await generateSource({ id: declaration.id, file }, declaration.definition, routingFields)));
  }
  const check = flags.check === true;
  const outcomes = files.length === 0 ? [] : check ? await compareGenerated(out, files) : await writeGenerated(out, files);
  const shown = (file: string): string => path.relative(ctx.io.cwd, file).split(path.sep).join('/') || '.';

  if (ctx.globals().format === 'json') {
    ctx.out(JSON.stringify({ check, ok: !check || upToDate(outcomes), files: outcomes.map((o) => ({ path: shown(o.file), status: o.status })) }, null, 2));
    return check && !upToDate(outcomes) ? 1 : 0;
  }
  const c = ctx.color();
  if (declarations.length === 0) {
    ctx.out('No content sources are declared: nothing to generate.');
    return 0;
  }
  if (check) {
    const stale = outcomes.filter((o) => o.status === 'stale' || o.status === 'missing');
    if (stale.length === 0) {
      ctx.out(`${c.green('✓')} The generated files in ${e(shown(out))} are up to date (${count(outcomes.length, 'file')}).`);
      return 0;
    }
    ctx.err(c.red.bold(`${count(stale.length, 'generated file')} ${stale.length === 1 ? 'is' : 'are'} not up to date:`));
    for (const o of stale) ctx.err(`  ${o.status === 'missing' ? 'missing' : 'stale  '} ${e(shown(o.file))}`);
    ctx.err('Run `graphform codegen` and commit the files it writes.');
    return 1;
  }
  for (const o of outcomes) ctx.out(`${o.status === 'written' ? c.green('wrote    ') : c.dim('unchanged')} ${e(shown(o.file))}`);
  const written = outcomes.filter((o) => o.status === 'written').length;
  ctx.out(`${c.green('✓')} ${count(declarations.length, 'source')}: ${written === 0 ? 'every file was up to date' : `${count(written, 'file')} written`}.`);
  return 0;
}

/** The declarations to generate for: the ids given (each must be declared), or every one. */
function chosen(declarations: readonly SourceDeclaration[], ids: readonly string[] | undefined, where: string): SourceDeclaration[] {
  if (ids === undefined || ids.length === 0) return [...declarations];
  const unknown = ids.filter((id) => !declarations.some((d) => d.id === id));
  if (unknown.length > 0) {
    throw new GraphformError('GF_CODEGEN_UNKNOWN_SOURCE', `${where} names ${unknown.length === 1 ? 'a source' : 'sources'} that ${unknown.length === 1 ? 'is' : 'are'} not declared: ${unknown.join(', ')}.`, {
      hint: `Declared sources: ${declarations.map((d) => d.id).join(', ') || 'none'}.`,
    });
  }
  return declarations.filter((d) => ids.includes(d.id));
}

function upToDate(outcomes: readonly FileOutcome[]): boolean {
  return outcomes.every((o) => o.status === 'unchanged' || o.status === 'written');
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
