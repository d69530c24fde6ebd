import { Option } from 'commander';
import type { AssetsSyncOptions } from '../actions/assets.js';
import type { CommandRegistrar } from '../context.js';
import { parseIntFlag } from '../int-flag.js';

const handlers = () => import('../actions/assets.js');

export const registerAssets: CommandRegistrar = (program, run) => {
  const assets = program.command('assets').description("read the marketing platform's assets and bring them into a content source");
  const pageSize = (): Option =>
    new Option('--page-size <n>', 'assets per Open API request, 1-100 (default 100)').argParser((value) =>
      parseIntFlag(value, '--page-size', { min: 1, max: 100 }),
    );
  const positive = (flag: string) => (value: string) => parseIntFlag(value, flag, { min: 1 });

  assets
    .command('list')
    .description('list every asset (all pages); --format json prints the array of assets')
    .addOption(pageSize())
    .action((o: { pageSize?: number }) => run(async (ctx) => (await handlers()).assetsList(ctx, { pageSize: o.pageSize })));

  assets
    .command('sync')
    .description("map the assets the source's import: selects to items and push them (validated like any data)")
    .argument('<source>', 'content source id (its declaration has an import: block)')
    .addOption(pageSize())
    .option('--dry-run', 'list, map and validate, cut batches, send nothing')
    .option('--skip-invalid', 'leave invalid items out and send the rest')
    .addOption(new Option('--max-errors <n>', 'errors (and warnings) to show').argParser(positive('--max-errors')).default(50))
    .addOption(new Option('--batch-bytes <n>', 'largest request body in bytes (default: data.batchMaxBytes)').argParser(positive('--batch-bytes')))
    .addOption(new Option('--batch-items <n>', 'most items per request (default: data.batchMaxItems)').argParser(positive('--batch-items')))
    .addOption(new Option('--concurrency <n>', 'requests in flight (default: data.concurrency)').argParser(positive('--concurrency')))
    .action((source: string, o: Partial<AssetsSyncOptions> & { maxErrors: number }) =>
      run(async (ctx) =>
        (await handlers()).assetsSync(ctx, source, {
          pageSize: o.pageSize,
          dryRun: o.dryRun === true,
          skipInvalid: o.skipInvalid === true,
          maxErrors: o.maxErrors,
          batchBytes: o.batchBytes,
          batchItems: o.batchItems,
          concurrency: o.concurrency,
        }),
      ),
    );
};
