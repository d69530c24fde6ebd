import { dataChangeCounts } from './data-changes.js';
import { APPLY_WAIT_CODES, duration } from '../apply/service-waits.js';
import { APPLY_INCONSISTENT } from '../apply/inconsistent.js';
import type { ApplyEvent, ApplyResult, SourceOutcome, VerifiedEndpoint } from '../apply/types.js';
import type { PlanAction } from '../plan/types.js';
import { escapeControl as e } from './escape-control.js';
import { PLAIN, type Painter } from './painter.js';

const DOING: Readonly<Record<PlanAction, string>> = {
  create: 'creating (PUT)',
  partial: 'updating in place (POST)',
  full: 'replacing the schema (PUT, deletes items)',
  delete: 'deleting the source (DELETE sources, deletes items)',
  none: 'unchanged',
  orphan: 'orphaned',
};

const DONE: Readonly<Record<PlanAction, string>> = {
  create: 'created',
  partial: 'updated in place',
  full: 'schema replaced',
  delete: 'deleted',
  none: 'unchanged',
  orphan: 'left as it is',
};

const VERIFY_SKIPPED: Readonly<Record<VerifiedEndpoint, string>> = {
  types: 'content type, language and label changes (types)',
  sources: 'label and description changes (sources)',
};

/**
 * One progress line per apply event, as `graphform apply` prints it, Terraform-style; ids,
 * reasons and errors shown with control characters escaped. Plain text unless given colours
 * (the command line passes chalk). Empty for an event the command line prints nothing for.
 */
export function renderApplyEvent(event: ApplyEvent, c: Painter = PLAIN): string {
  switch (event.type) {
    case 'start':
      return `${c.bold(e(event.id))}: ${DOING[event.action]}…`;
    case 'recorded':
      return `${c.bold(e(event.id))}: ${c.green('recorded in state')} (the service already had this definition; nothing sent)`;
    case 'resume':
      return `${c.bold(e(event.id))}: ${c.yellow('finishing work an earlier apply left pending')}: ${e(event.reason)}…`;
    case 'applied':
      return `${c.bold(e(event.id))}: ${c.green(DONE[event.action])} after ${seconds(event.durationMs)}`;
    case 'failed':
      // The code as every error line shows it, so a log search or a script finds the failure by it.
      return `${c.bold(e(event.id))}: ${c.red('failed')}${event.code === undefined ? '' : ` ${c.dim(`[${e(event.code)}]`)}`}: ${e(event.error)}`;
    case 'repush': {
      if (event.code === APPLY_WAIT_CODES.schemaNotServed || event.code === APPLY_WAIT_CODES.itemsNotServed) {
        return `${c.bold(e(event.id))}: ${c.red('failed')} ${c.dim(`[${e(event.code)}]`)}: ${e(event.error ?? '')}`;
      }
      if (event.error !== undefined) return `${c.bold(e(event.id))}: ${c.red('pushing its data files failed')}: ${e(event.error)}`;
      const s = event.summary;
      if (s === undefined) return '';
      if (s.status !== 'sent')
        return (
          `${c.bold(e(event.id))}: ${c.red(`its data files were not pushed (${s.status})`)}: ` +
          `${s.validation.errors} invalid items, ${s.failedBatches.length} failed batches`
        );
      const from =
        event.kept === undefined
          ? 'from its data files'
          : `(${event.kept} kept from the snapshot, ${Math.max(0, s.itemsSent - event.kept)} from its data files)`;
      const batches = `${s.batches} batch${s.batches === 1 ? '' : 'es'}`;
      if (event.again !== undefined)
        return `${c.bold(e(event.id))}: pushed the same ${s.itemsSent} items again (${event.again === 1 ? 'a second time' : `${event.again + 1} times in all`}), in ${batches}: GraphQL did not serve them all as sent`;
      return `${c.bold(e(event.id))}: pushed ${s.itemsSent} items ${from} in ${batches}`;
    }
    case 'kept':
      return `${c.bold(e(event.id))}: read its items back: ${event.items} to carry over, in ${e(event.snapshot)}`;
    case 'schema-waiting': {
      const lacks = event.gap.missing.length === 0 || event.gap.missing[0] === 'the schema' ? '' : ` (still missing ${e(listed(event.gap.missing))})`;
      return (
        `${c.bold(e(event.id))}: waiting for GraphQL to serve the new schema before pushing its data files: ` +
        `${seconds(event.waitedMs)} of up to ${duration(event.timeoutMs)}${lacks}…`
      );
    }
    case 'schema-served':
      return `${c.bold(e(event.id))}: GraphQL serves the new schema${event.waitedMs > 0 ? ` (after ${seconds(event.waitedMs)})` : ''}`;
    case 'served-waiting':
      return (
        `${c.bold(e(event.id))}: waiting for GraphQL to serve the items: ` +
        `sent ${event.report.sent}, served ${event.report.served ?? 'not counted yet'}; ${seconds(event.waitedMs)} of up to ${duration(event.timeoutMs)}…`
      );
    case 'served': {
      const r = event.report;
      const counts = `sent ${r.sent}, served ${r.served ?? 'not counted'}`;
      const how = r.waitedMs > 0 ? ` (counted through GraphQL after ${seconds(r.waitedMs)})` : ' (counted through GraphQL)';
      return `${c.bold(e(event.id))}: ${r.outcome === 'done' ? c.green(counts) : c.red(counts)}${how}`;
    }
    case 'data-sync': {
      const o = event.outcome;
      const counts = dataChangeCounts(o);
      if (o.error !== undefined) return `${c.bold(e(event.id))}: ${c.red(e(`data items (${counts}) not done: ${o.error}`))}`;
      if (o.summary === undefined) return `${c.bold(e(event.id))}: state records the items pushed from its data files`;
      const served = o.served === undefined ? '' : `; sent ${o.served.sent}, served ${o.served.served ?? 'not counted'}`;
      const again = o.pushedAgain === undefined ? '' : `, pushed again ${o.pushedAgain === 1 ? 'once' : `${o.pushedAgain} times`} until GraphQL served them`;
      return (
        `${c.bold(e(event.id))}: ${c.green(e(`data items sent: ${counts}`))} ` +
        `(${o.summary.itemsSent} lines in ${o.summary.batches} batch${o.summary.batches === 1 ? '' : 'es'}${again}${served})`
      );
    }
    case 'verify-skipped':
      return c.yellow(`Warning: ${e(event.reason)}: ${VERIFY_SKIPPED[event.endpoint]} are not read back to verify them in this apply.`);
    case 'verify-waiting': {
      const again = `reading it back again for up to ${seconds(event.settleMs)}…`;
      return `${c.bold(e(event.id))}: the service still shows the definition from before the write; ${again}`;
    }
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

/** The closing summary `graphform apply` prints, with what to do about each failure. */
export function renderApplySummary(result: ApplyResult, c: Painter = PLAIN): string {
  const count = (status: SourceOutcome['status']): number => result.outcomes.filter((o) => o.status === status).length;
  const lines: string[] = [];
  const repushProblems = result.outcomes.filter((o) => o.repushError !== undefined || (o.repush !== undefined && o.repush.status !== 'sent'));
  for (const o of repushProblems) {
    if (o.repushErrorCode === APPLY_WAIT_CODES.schemaNotServed) {
      lines.push(
        c.red(
          e(
            `Source ${o.id}: the schema was applied, but GraphQL did not serve it in time, so its data files were not pushed (${o.repushErrorCode}). ` +
              `\`graphform apply\` pushes them once it does.`,
          ),
        ),
      );
    } else if (o.repushErrorCode === APPLY_WAIT_CODES.itemsNotServed) {
      lines.push(
        c.red(
          e(`Source ${o.id}: its data files were pushed, but GraphQL does not serve every item (${o.repushErrorCode}). \`graphform apply\` pushes them again.`),
        ),
      );
    } else if (o.repushError !== undefined && o.repush?.status === 'sent') {
      lines.push(c.yellow(e(`Source ${o.id}: its data files were pushed; ${o.repushError}. \`graphform apply\` pushes them again.`)));
    } else if (o.repushHint !== undefined) {
      // A snapshot of kept items that changed or is gone: what to do is the failure's own (apply alone would fail the same way).
      lines.push(
        c.red(
          e(
            `Source ${o.id}: the schema was applied, but its items were not pushed again (${o.repushErrorCode ?? o.repushError ?? 'see above'}). ` +
              `${o.repushHint}`,
          ),
        ),
      );
    } else {
      // Not `data push`: it needs data: files, and pushes none of a snapshot of kept items; apply finishes whatever state records as pending.
      lines.push(
        c.red(
          e(
            `Source ${o.id}: the schema was applied, but its items were not all pushed again. ` +
              `State records them as pending: run \`graphform apply\` again to push them.`,
          ),
        ),
      );
    }
  }
  for (const o of result.outcomes.filter((outcome) => outcome.errorCode === APPLY_INCONSISTENT)) {
    lines.push(
      c.red(
        e(
          `Source ${o.id}: the service holds something other than what was sent (${APPLY_INCONSISTENT}). ` +
            `State records what it holds; \`graphform plan\` shows what remains to do.`,
        ),
      ),
    );
  }
  for (const o of result.outcomes.filter((outcome) => outcome.dataSync?.error !== undefined)) {
    lines.push(
      c.red(
        e(
          `Source ${o.id}: the changed data items were not all sent and served (${o.dataSync?.errorCode ?? 'see above'}). ` +
            `State still records the earlier push, so \`graphform apply\` sends them again.`,
        ),
      ),
    );
  }
  if (result.stopped) lines.push(c.yellow('Stopped by an interrupt: no new work was started; the work in flight finished and state records it.'));
  if (result.pending.length > 0) {
    lines.push(
      c.yellow(
        `Pending in state: the items of ${e(result.pending.join(', '))} must be pushed again. \`graphform plan\` shows it; \`graphform apply\` finishes it.`,
      ),
    );
  }
  if (count('failed') > 0) {
    lines.push(c.red('Apply stopped at the first failure. State records every source that was applied; run the same command again to continue.'));
  }
  const head = result.ok ? c.green.bold('Apply complete!') : result.stopped ? c.yellow.bold('Apply stopped.') : c.red.bold('Apply failed.');
  const recorded = count('recorded') > 0 ? `, ${count('recorded')} recorded in state` : '';
  // A source whose schema went in but whose data push failed is a failure too (the exit code says so).
  const pushFailed =
    repushProblems.filter((o) => o.status !== 'failed').length +
    result.outcomes.filter((o) => o.status !== 'failed' && o.repushError === undefined && o.dataSync?.error !== undefined).length;
  const failed = `${count('failed') + pushFailed} failed${pushFailed > 0 ? ` (${pushFailed} in pushing data files)` : ''}`;
  lines.push(`${head} ${count('applied')} applied${recorded}, ${failed}, ${count('skipped')} not started.`);
  return `${lines.join('\n')}\n`;
}

function listed(items: readonly string[]): string {
  return items.length <= 3 ? items.join(', ') : `${items.slice(0, 3).join(', ')} and ${items.length - 3} more`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}
