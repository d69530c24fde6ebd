export {
  ACTION_RULES,
  blockingChanges,
  decideAction,
  PARTIAL_SAFE_KINDS,
  type ActionDecision,
  type RemoteStatus,
  type RuleId,
  type RuleInput,
} from './action-rules.js';
export { buildPlan } from './build-plan.js';
export { checkPlanFreshness, stalePlanError, type PlanFreshness } from './freshness.js';
export { parsePlanFile, serializePlan } from './plan-file.js';
export { dataLossSources, detailedExitCode, hasChanges, hasPendingWork, summarize, withoutQuietSources } from './policy.js';
export { fullBody, labelsBody, partialBody, sourcesPath, typesPath } from './request-body.js';
export * from './types.js';
