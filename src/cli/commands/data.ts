import { Option, type Command } from 'commander';
import type { PushOptions } from '../actions/data.js';
import type { CommandRegistrar } from '../context.js';
import { parseIntFlag } from '../int-flag.js';

const handlers = () => import('../actions/data.js');

export const registerDataCommands: CommandRegistrar = (program, run) => {
  const data = program.command('data').description('validate, push, restore and purge the items of a content source');
  const fileOptions = (command: Command): Command =>
    command.addOption(new Option('--max-errors <n>', 'errors (and warnings) to show').argParser(positive('--max-errors')).default(50));

  fileOptions(data.command('validate').description("check data files against the source's content types; sends nothing"))
    .argument('<source>', 'content source id')
    .argument('[files...]', "data files or globs (default: the source's data: files)")
    .action((source: string, files: string[], o: { maxErrors: number }) => run(async (ctx) => (await handlers()).dataValidate(ctx, source, files, o)));

  fileOptions(data.command('push').description('validate data files, then send their items in batches'))
    .argument('<source>', 'content source id')
    .argument('[files...]', "data files or globs (default: the source's data: files)")
    .option('--dry-run', 'validate and cut batches, send nothing')
    .option('--skip-invalid', 'leave invalid items out and send the rest')
    .addOption(new Option('--batch-bytes <n>', 'largest request body in bytes (default: data.batchMaxBytes)').argParser(positive('--batch-bytes')))
    .addOption(new Option('--batch-items <n>', 'most items per request (default: data.batchMaxItems)').argParser(positive('--batch-items')))
    .addOption(new Option('--concurrency <n>', 'requests in flight (default: data.concurrency)').argParser(positive('--concurrency')))
    .option('--no-wait', 'do not count through GraphQL what is served after the push (risk: items the service accepted but does not serve go unnoticed)')
    .action((source: string, files: string[], o: Partial<PushOptions> & { maxErrors: number }) =>
      run(async (ctx) =>
        (await handlers()).dataPush(ctx, source, files, {
          maxErrors: o.maxErrors,
          dryRun: o.dryRun === true,
          skipInvalid: o.skipInvalid === true,
          batchBytes: o.batchBytes,
          batchItems: o.batchItems,
          concurrency: o.concurrency,
          wait: o.wait !== false,
        }),
      ),
    );

  data
    .command('restore')
    .description('push a snapshot of kept items (written by a keeping apply) and finish the pending restore state names for it')
    .argument('<snapshot>', 'the snapshot file, e.g. .graphform/snapshots/local/news-20261127T120000000Z.ndjson')
    .option('--source <id>', 'the source to push it into (default: the one state names it for, or its file name)')
    .addOption(new Option('--max-errors <n>', 'errors (and warnings) to show').argParser(positive('--max-errors')).default(50))
    .option('--no-wait', 'do not count through GraphQL what is served after the push (the pending restore then stays in state)')
    .option(
      '--forget-missing-items',
      'when the pending snapshot changed since it was written (truncated, edited): push what it holds and forget the recorded items it no longer holds',
    )
    .action((snapshot: string, o: { source?: string; maxErrors: number; wait?: boolean; forgetMissingItems?: boolean }) =>
      run(async (ctx) =>
        (await handlers()).dataRestore(ctx, snapshot, {
          ...(o.source === undefined ? {} : { source: o.source }),
          forgetMissingItems: o.forgetMissingItems === true,
          maxErrors: o.maxErrors,
          skipInvalid: false,
          batchBytes: undefined,
          batchItems: undefined,
          concurrency: undefined,
          wait: o.wait !== false,
        }),
      ),
    );

  data
    .command('purge')
    .description('delete every item of a source in the given languages')
    .argument('<source>', 'content source id')
    .option('--language <lang>', 'a language to purge (repeatable)', (value: string, previous: string[] | undefined) => [...(previous ?? []), value])
    .option('--all-languages', 'every language the source declares')
    .option('-y, --yes', 'do not ask for confirmation')
    .action((source: string, o: { language?: string[]; allLanguages?: boolean; yes?: boolean }) =>
      run(async (ctx) =>
        (await handlers()).dataPurge(ctx, source, { languages: o.language ?? [], allLanguages: o.allLanguages === true, yes: o.yes === true }),
      ),
    );
};

function positive(flag: string): (value: string) => number {
  return (value) => parseIntFlag(value, flag, { min: 1 });
}
