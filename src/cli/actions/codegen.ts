import path from 'node:path';
import { escapeControl as e } from '../../render/escape-control.js';
import type { FileOutcome } from '../../workflows/internal/codegen-files.js';
import { codegen as codegenWorkflow } from '../../workflows/codegen.js';
import type { CommandContext } from '../context.js';
import { quoteArg } from '../hint-flags.js';
import { workflowHostFor } from '../workflow-host.js';

export interface CodegenFlags {
  out?: string;
  source?: string[];
  check?: boolean;
}

/**
 * `graphform codegen`: the codegen workflow, naming each file it wrote or removed; with
 * --check, exits 1 when a file is missing or stale, a leftover of a source no longer generated included.
 */
export async function codegen(ctx: CommandContext, flags: CodegenFlags): Promise<number> {
  const result = await codegenWorkflow(
    {
      config: await ctx.loadConfig(),
      ...(flags.out === undefined ? {} : { out: flags.out }),
      ...(flags.source === undefined ? {} : { sources: flags.source }),
      check: flags.check === true,
    },
    workflowHostFor(ctx),
  );
  const { check, out, outcomes } = result;
  const shown = (file: string): string => path.relative(ctx.io.cwd, file).split(path.sep).join('/') || '.';

  if (ctx.globals().format === 'json') {
    ctx.out(
      JSON.stringify(
        {
          check,
          ok: !check || result.upToDate,
          files: outcomes.map((o) => ({ path: shown(o.file), status: o.status, ...(o.leftoverOf === undefined ? {} : { leftoverOf: o.leftoverOf }) })),
        },
        null,
        2,
      ),
    );
    return check && !result.upToDate ? 1 : 0;
  }
  const c = ctx.color();
  if (result.sources === 0 && outcomes.length === 0) {
    ctx.out('No content sources are declared: nothing to generate.');
    return 0;
  }
  const leftover = (o: FileOutcome): string => (o.leftoverOf === undefined ? '' : c.dim(` (source ${e(o.leftoverOf)} is no longer generated)`));
  if (check) {
    const stale = outcomes.filter((o) => o.status === 'stale' || o.status === 'missing');
    if (stale.length === 0) {
      ctx.out(`${c.green('✓')} The generated files in ${e(shown(out))} are up to date (${count(outcomes.length, 'file')}).`);
      return 0;
    }
    ctx.err(c.red.bold(`${count(stale.length, 'generated file')} ${stale.length === 1 ? 'is' : 'are'} not up to date:`));
    for (const o of stale) ctx.err(`  ${o.status === 'missing' ? 'missing' : 'stale  '} ${e(shown(o.file))}${leftover(o)}`);
    ctx.err(`Run \`${rerun(flags)}\` and commit the files it writes.`);
    if (stale.some((o) => o.leftoverOf !== undefined)) ctx.err('It removes the files of sources it no longer generates: commit their removal too.');
    return 1;
  }
  const label: Record<string, string> = { written: c.green('wrote    '), removed: c.yellow('removed  '), unchanged: c.dim('unchanged') };
  for (const o of outcomes) ctx.out(`${label[o.status] ?? o.status} ${e(shown(o.file))}${leftover(o)}`);
  const written = outcomes.filter((o) => o.status === 'written').length;
  const removed = outcomes.filter((o) => o.status === 'removed').length;
  const done = [
    written === 0 ? 'every file was up to date' : `${count(written, 'file')} written`,
    ...(removed === 0 ? [] : [`${count(removed, 'leftover file')} removed`]),
  ];
  ctx.out(`${c.green('✓')} ${count(result.sources, 'source')}: ${done.join(', ')}.`);
  return 0;
}

/** The command that writes what --check found stale: the same --out and --source. */
function rerun(flags: CodegenFlags): string {
  const out = flags.out === undefined ? [] : [`--out ${quoteArg(flags.out)}`];
  const sources = (flags.source ?? []).map((id) => `--source ${quoteArg(id)}`);
  return ['graphform codegen', ...out, ...sources].join(' ');
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
