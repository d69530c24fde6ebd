import type { ChalkInstance } from 'chalk';
import { stringify } from 'yaml';
import { escapeControl } from '../../render/escape-control.js';
import type { PendingWork, StateBackend } from '../../state/types.js';
import { listState, removeFromState, showState, unlockState } from '../../workflows/state.js';
import type { CommandContext, OutputFormat } from '../context.js';
import { stateBackendFor } from '../../workflows/internal/state-backend.js';
import { workflowHostFor } from '../workflow-host.js';

/** Where a state command writes, and how. */
export interface StateOutput {
  format: OutputFormat;
  color: ChalkInstance;
  out(text: string): void;
  /** Notices (a lock taken over from a dead run); default: none shown. */
  notice?(text: string): void;
}

export type StateSubcommand = 'list' | 'show' | 'rm' | 'unlock';

/** Runs one `graphform state …` subcommand against the environment's backend. */
export async function runStateCommand(ctx: CommandContext, sub: StateSubcommand, arg: string, options: { force?: boolean } = {}): Promise<number> {
  const backend = await backendOf(ctx);
  const output = outputOf(ctx);
  switch (sub) {
    case 'list':
      return stateList(backend, output);
    case 'show':
      return stateShow(backend, arg, output);
    case 'rm':
      return stateRm(backend, arg, output);
    case 'unlock':
      return stateUnlock(backend, arg, output, options.force === true);
    default: {
      const unreachable: never = sub;
      return unreachable;
    }
  }
}

export async function stateList(backend: StateBackend, o: StateOutput): Promise<number> {
  const listing = await listState(backend);
  const rows = listing.sources;
  if (o.format === 'json') {
    o.out(JSON.stringify({ lineage: listing.lineage ?? null, serial: listing.serial ?? null, sources: rows }, null, 2));
    return 0;
  }
  if (listing.lineage === undefined) {
    o.out(`No state yet at ${backend.description}: nothing has been applied to this environment.`);
    return 0;
  }
  const lines = [o.color.bold(`State at ${backend.description}`), `lineage ${listing.lineage}, serial ${listing.serial ?? ''}`, ''];
  if (rows.length === 0) lines.push('No sources in state.');
  else {
    const table = [
      ['ID', 'LABEL', 'LANGUAGES', 'CONTENT TYPES', 'APPLIED'],
      // State holds the user's labels and names: control characters are shown escaped, before padding.
      ...rows.map((r) => [r.id, r.label, r.languages.join(', '), r.contentTypes.join(', '), `${r.appliedAt} (graphform ${r.toolVersion})`].map(escapeControl)),
    ];
    const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
    table.forEach((row, index) => {
      const line = row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ');
      lines.push(index === 0 ? o.color.dim(line) : line);
    });
  }
  o.out(lines.join('\n'));
  return 0;
}

export async function stateShow(backend: StateBackend, id: string, o: StateOutput): Promise<number> {
  const { entry } = await showState(backend, id);
  if (o.format === 'json') {
    o.out(JSON.stringify({ id, ...entry }, null, 2));
    return 0;
  }
  const ledger =
    entry.data === undefined
      ? ''
      : `# data: ${entry.data.items} item${entry.data.items === 1 ? '' : 's'} recorded as pushed from its data: files ` +
        `(the next plan sends only what changed in them)\n`;
  const header = escapeControl(
    `# ${id}: applied ${entry.appliedAt} by graphform ${entry.toolVersion}\n# hash ${entry.hash}\n${ledger}${pendingLines(entry.pending)}`,
  );
  o.out(`${o.color.dim(header)}${stringify({ id, ...entry.definition }, { lineWidth: 0 })}`);
  return 0;
}

/** What `state show` says of pending work: the re-push, and the snapshot of kept items it pushes from. */
function pendingLines(pending: PendingWork | undefined): string {
  if (pending === undefined) return '';
  const keep = pending.keep;
  const snapshot =
    keep === undefined
      ? ''
      : `# pending snapshot: ${keep.snapshot} (${keep.items} items, ${keep.hash}); ` +
        `\`graphform apply\` pushes it, or \`graphform data restore ${keep.snapshot}\`\n`;
  // A runner without the file fetches it from there: the user should know it exists, and where.
  const copy =
    keep?.remote === undefined
      ? ''
      : '# its copy beside the state: ' +
        `${keep.remote.name}-1 … -${keep.remote.parts} (${keep.remote.bytes} bytes compressed), fetched by a runner without the file\n`;
  return `# pending since ${pending.repush.since}: ${pending.repush.reason}\n${snapshot}${copy}`;
}

export async function stateRm(backend: StateBackend, id: string, o: StateOutput): Promise<number> {
  const { serialBefore: before, serialAfter: after } = await removeFromState(backend, id, o.notice);
  if (o.format === 'json') {
    o.out(JSON.stringify({ removed: id, serial: after }, null, 2));
    return 0;
  }
  o.out(
    [
      `Removed ${o.color.bold(id)} from state (serial ${before} -> ${after}).`,
      'The source and its items stay in the service; graphform no longer manages it.',
      `To manage it again, run \`graphform import ${id}\`.`,
    ].join('\n'),
  );
  return 0;
}

/** Refuses a holder that provably still runs on this host unless `force`, and says what it knows of the holder. */
export async function stateUnlock(backend: StateBackend, lockId: string, o: StateOutput, force = false): Promise<number> {
  const { holder } = await unlockState(backend, lockId, force);
  if (o.format === 'json') o.out(JSON.stringify({ unlocked: lockId, holder: holder ?? null }, null, 2));
  else o.out(escapeControl(`Removed lock ${lockId} from the state at ${backend.description}.${holder === undefined ? '' : ` ${holder}`}`));
  return 0;
}

async function backendOf(ctx: CommandContext): Promise<StateBackend> {
  return stateBackendFor(workflowHostFor(ctx), await ctx.environment());
}

function outputOf(ctx: CommandContext): StateOutput {
  return {
    format: ctx.globals().format,
    color: ctx.color(),
    out: (text) => ctx.out(text),
    notice: (text) => ctx.err(ctx.colorErr().yellow(`Notice: ${text}`)),
  };
}
