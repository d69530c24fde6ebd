import { Option, type Command } from 'commander';
import type { PlanStrategy } from '../plan/types.js';
import type { PlanWorkflowInput } from '../workflows/plan.js';

export interface PlanFlags {
  prune?: boolean;
  source?: string[];
  /** Absent when not given: auto. */
  strategy?: PlanStrategy;
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
      // No commander default: apply with a plan file must tell a --strategy given from none.
      new Option('--strategy <strategy>', 'auto (the default): partial update whenever possible; full: always PUT (data loss)').choices(['auto', 'full']),
    )
    .option('--no-refresh', 'do not read schemas back from the service (GET types); plan from state alone')
    .option('--diff', 'show a unified diff of each request body against the applied definition')
    .option('--refresh-only', 'send nothing: list what changed in the service outside graphform since the last apply (apply records it in state)');
}

/** The flags as a plan workflow's input. */
export function planInputFrom(flags: PlanFlags): PlanWorkflowInput {
  return {
    prune: flags.prune === true,
    strategy: flags.strategy ?? 'auto',
    ...(flags.source === undefined ? {} : { targets: flags.source }),
    refresh: flags.refresh,
    ...(flags.refreshOnly === true ? { refreshOnly: true } : {}),
  };
}

/**
 * The flags that shape a plan, as given: apply with a plan file takes the plan as it was
 * saved, so each of these would be ignored there. (`--source` is checked against the file's
 * sources by the apply workflow: naming the same ones is allowed.)
 */
export function planShapingFlags(flags: PlanFlags): string[] {
  return [
    ...(flags.strategy === undefined ? [] : ['--strategy']),
    ...(flags.prune === true ? ['--prune'] : []),
    ...(flags.refresh === false ? ['--no-refresh'] : []),
    ...(flags.refreshOnly === true ? ['--refresh-only'] : []),
  ];
}
