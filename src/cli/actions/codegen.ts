import path from 'node:path';
import { escapeControl as e } from '../../render/escape-control.js';
import { codegen as codegenWorkflow } from '../../workflows/codegen.js';
import type { CommandContext } from '../context.js';
import { workflowEnvironmentFor } from '../workflow-environment.js';

export interface CodegenFlags {
  out?: string;
  source?: string[];
  check?: boolean;
}

/** `graphform codegen`: the codegen workflow; with --check, exits 1 when a file is missing or stale. */
export async function codegen(ctx: CommandContext, flags: CodegenFlags): Promise<number> {
  const result = await codegenWorkflow(
    { config: await ctx.loadConfig(), ...(flags.out === undefined ? {} : { out: flags.out }), ...(flags.source === undefined ? {} : { sources: flags.source }), check: flags.check === true },
    workflowEnvironmentFor(ctx),
  );
  const { check, out, outcomes } = result;
  const shown = (file: string): string => path.relative(ctx.io.cwd, file).split(path.sep).join('/') || '.';

  if (ctx.globals().format === 'json') {
    ctx.out(JSON.stringify({ check, ok: !check || result.upToDate, files: outcomes.map((o) => ({ path: shown(o.file), status: o.status })) }, null, 2));
    return check && !result.upToDate ? 1 : 0;
  }
  const c = ctx.color();
  if (result.sources === 0) {
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
  ctx.out(`${c.green('✓')} ${count(result.sources, 'source')}: ${written === 0 ? 'every file was up to date' : `${count(written, 'file')} written`}.`);
  return 0;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
