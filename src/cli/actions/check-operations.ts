import { givenPatterns } from '../../operations/document-patterns.js';
import { operationsError } from '../../operations/policy.js';
import { operationsMarkdown } from '../../render/operations-markdown.js';
import { operationsLines } from '../../render/operations-text.js';
import { MARKDOWN_MAX_CHARS } from '../../render/plan-markdown.js';
import { checkOperations as checkOperationsWorkflow } from '../../workflows/check-operations.js';
import type { CommandContext } from '../context.js';
import { workflowHostFor } from '../workflow-host.js';

export interface CheckOperationsFlags {
  documents?: string[];
}

/**
 * `graphform check-operations`: each operation of the frontend documents against the schema
 * the declarations give, as text, JSON (the report plan.operations holds) or markdown;
 * exit 1 when one is broken or a document could not be checked (unless failOn: none).
 */
export async function checkOperations(ctx: CommandContext, flags: CheckOperationsFlags): Promise<number> {
  const named = ctx.globals().env;
  const { report, failing, ok } = await checkOperationsWorkflow(
    // The environment is only named, not resolved: a frontend's CI may not hold a remote environment's secrets.
    {
      config: await ctx.loadConfig(),
      ...(named === undefined ? {} : { environment: named }),
      // Named as the flag, so that a pattern that matches nothing points at it, not at a line of the config.
      ...(flags.documents === undefined ? {} : { documents: givenPatterns(flags.documents, '--documents') }),
    },
    workflowHostFor(ctx),
  );
  const format = ctx.globals().format;
  if (format === 'json') ctx.out(JSON.stringify(report, null, 2));
  else if (format === 'markdown') ctx.out(operationsMarkdown(report, MARKDOWN_MAX_CHARS, 'declared'));
  else ctx.out(operationsLines(report, ctx.color(), 'declared').join('\n'));
  if (!ok) throw operationsError(failing, report.failOn, 'checked');
  return 0;
}
