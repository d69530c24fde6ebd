import { Option, type Command } from 'commander';
import type { PlanStrategy } from '../plan/types.js';
import type { PlanWorkflowInput } from '../workflows/plan.js';

export interface PlanFlags {
  prune?: boolean;
  source?: string[];
  strategy: PlanStrategy;
  refresh: boolean;
  diff?: boolean;
  refreshOnly?: boolean;
}

/** The flags plan and apply share, so both read the same words the same way. */
export function addPlanFlags(command: Command): Command {
  return command
    .option('--prune', 'delete sources that are in state but no longer declared, with their types and items (data loss)')
    .option('--source <id>', 'plan only this source (repeatable)', (id: string, previous: string[] | undefined) => [...(previous ?? []), id])
    .addOption(
      new Option('--strategy <strategy>', 'auto: partial update whenever possible; full: always PUT (data loss)').choices(['auto', 'full']).default('auto'),
    )
    .option('--no-refresh', 'do not read schemas back from the service (GET types); plan from state alone')
    .option('--diff', 'show a unified diff of each request body against the applied definition')
    .option('--refresh-only', 'send nothing: list what changed in the service outside graphform since the last apply (apply records it in state)');
}

/** The flags as a plan workflow's input. */
export function planInputFrom(flags: PlanFlags): PlanWorkflowInput {
  return {
    prune: flags.prune === true,
    strategy: flags.strategy,
    ...(flags.source === undefined ? {} : { targets: flags.source }),
    refresh: flags.refresh,
    ...(flags.refreshOnly === true ? { refreshOnly: true } : {}),
  };
}
