import { renderPlanJson } from '../render/plan-json.js';
import { renderPlanMarkdown } from '../render/plan-markdown.js';
import { renderPlanText } from '../render/plan-text.js';
import type { Plan } from '../plan/types.js';
import type { CommandContext } from './context.js';

/** The plan in the format asked for with --format. */
export function renderPlanFor(ctx: CommandContext, plan: Plan, showDiff: boolean, dataLossAllowed = false): string {
  const format = ctx.globals().format;
  switch (format) {
    case 'json':
      return renderPlanJson(plan);
    case 'markdown':
      return renderPlanMarkdown(plan);
    case 'text':
      return renderPlanText(plan, { color: ctx.color(), showDiff, dataLossAllowed });
    default: {
      const unreachable: never = format;
      return unreachable;
    }
  }
}
