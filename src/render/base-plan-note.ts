import type { PlanSource } from '../plan/types.js';
import { deleteCountText } from './delete-count.js';
import { keepOutcome } from './keep-account.js';
import { ACTION_NAMES } from './plan-labels.js';

/**
 * The line under a plan made with `--base-plan`: the sources left out because the base
 * branch plans them already ("Already planned on the base branch, not by this change: shop
 * (replace, loses 3 of 5 items (keeps 2))"), so a reviewer knows they are there and whose
 * they are. Undefined when there are none.
 */
export function alreadyPlannedNote(sources: readonly PlanSource[]): string | undefined {
  if (sources.length === 0) return undefined;
  return `Already planned on the base branch, not by this change: ${named(sources)}`;
}

/**
 * The line for sources this change plans differently while the base branch already loses
 * items of them ("The base branch already plans a loss for shop (replace, loses 3 of 5
 * items (keeps 2)): what this plan loses there includes it."): the reviewer sees the loss is
 * not this change's alone. Undefined when there are none.
 */
export function lossOnBaseNote(baseSources: readonly PlanSource[]): string | undefined {
  if (baseSources.length === 0) return undefined;
  return (
    `The base branch already plans a loss for ${named(baseSources)}, not approved yet: ` +
    `what this plan loses there includes it. This change's own part is the difference.`
  );
}

/** "shop (replace, loses 3 of 5 items); news (delete, …)". */
function named(sources: readonly PlanSource[]): string {
  return sources.map((s) => `${s.id} (${[ACTION_NAMES[s.action], ...loss(s)].join(', ')})`).join('; ');
}

function loss(source: PlanSource): string[] {
  if (!source.dataLoss) return [];
  if (source.keep !== undefined) return [keepOutcome(source.keep)];
  return [source.deletes === undefined ? 'loses items' : deleteCountText(source.deletes)];
}
