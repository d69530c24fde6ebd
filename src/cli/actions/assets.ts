import { excerpt } from '../../diagnostics/excerpt.js';
import { renderPushSummary } from '../../data/report/render-data-report.js';
import { escapeControl as e } from '../../render/escape-control.js';
import { assetsList as listWorkflow, assetsSync as syncWorkflow } from '../../workflows/assets.js';
import type { CommandContext } from '../context.js';
import { exitCodeAfter, noInterrupts } from '../interrupts.js';
import { workflowHostFor } from '../workflow-host.js';
import { renderAssetTable } from './asset-table.js';
import { pushFlags, reporter, selection, showValidation, unlessInvalid, type PushOptions } from './data.js';

export interface AssetsListOptions {
  pageSize: number | undefined;
}

export interface AssetsSyncOptions extends AssetsListOptions, PushOptions {}

/** `graphform assets list`: every asset, through all pages; `--format json` prints the array. */
export async function assetsList(ctx: CommandContext, options: AssetsListOptions): Promise<number> {
  const { assets, openApi } = await listWorkflow(
    { ...(await selection(ctx)), ...(options.pageSize === undefined ? {} : { pageSize: options.pageSize }) },
    workflowHostFor(ctx),
  );
  if (ctx.globals().format === 'json') ctx.out(JSON.stringify(assets, null, 2));
  else ctx.out([...renderAssetTable(assets), `${assets.length} asset${assets.length === 1 ? '' : 's'} at the Open API ${openApi}.`].join('\n'));
  return 0;
}

/** `graphform assets sync <source>`: the sync workflow, shown like a data push; a real sync stops on an interrupt. */
export async function assetsSync(ctx: CommandContext, sourceId: string, options: AssetsSyncOptions): Promise<number> {
  // A dry run sends nothing and takes no lock: an interrupt stops it at once, as any command.
  const trap = options.dryRun ? noInterrupts() : (ctx.io.trapInterrupts?.() ?? noInterrupts());
  try {
    const result = await unlessInvalid(ctx, async () =>
      syncWorkflow(
        {
          ...(await selection(ctx)),
          source: sourceId,
          ...(options.pageSize === undefined ? {} : { pageSize: options.pageSize }),
          progress: reporter(ctx),
          ...pushFlags(options),
        },
        workflowHostFor(ctx, trap.signal),
      ),
    );
    if (result === undefined) return 1;
    const { summary, assets } = result;
    if (ctx.globals().format === 'json') {
      ctx.out(JSON.stringify({ ...summary, assets, environment: result.target ?? null }, null, 2));
    } else {
      ctx.out(
        `${assets.listed} asset${assets.listed === 1 ? '' : 's'} listed at the Open API ${result.openApi}; ` +
          `${assets.selected} match the import of source ${sourceId} (${e(excerpt(result.contentType))} in ${e(excerpt(result.language))}).`,
      );
      showValidation(ctx, result.validation);
      for (const line of renderPushSummary(summary, ctx.color())) ctx.out(line);
    }
    return exitCodeAfter(trap, summary.status === 'sent' || summary.status === 'dry-run' ? 0 : 1);
  } finally {
    trap.release();
  }
}
