/** The workflow engine: public entry (pure; used by the server and the web app). */
export * from './workflow-model.ts';
export { compileWorkflow } from './compile-workflow.ts';
export { namedUsers, isNamedOnWorkflow, grantReaches, eligibility, denialReason, type Eligibility } from './step-eligibility.ts';
export { blockingProblems, softWarnings, evaluateCondition } from './requirements.ts';
export {
  isClosedStatus,
  statusLabel,
  isOverdue,
  applicableSteps,
  openSteps,
  actionableSteps,
  dueDateFor,
  initialState,
  stateOrInitial,
  refreshState,
} from './workflow-state.ts';
export { submittersOf, separation, OWN_SUBMISSION, type Separation } from './separation-of-duties.ts';
export { offeredActions, decideAction, COMMENT_REQUIRED } from './workflow-engine.ts';
export { STATUS_TITLES, statusTitle } from './status-titles.ts';
