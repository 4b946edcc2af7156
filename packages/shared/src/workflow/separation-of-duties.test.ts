/** Separation of duties (docs/product/workflow-and-timeline.md#separation-of-duties) in the pure engine. */
import { describe, expect, it } from 'vitest';
import { incidentType } from '../builtin-types/incident.ts';
import { travelRequestType } from '../builtin-types/worksafe-travel-request.ts';
import type { DocumentSchema, WorkflowDefinition } from '../schema/document-schema.ts';
import { schemaDefinitionProblems } from '../schema/schema-problems.ts';
import { workflowDefinitionSchema } from '../schema/workflow-definition-schema.ts';
import { compileDocumentValidator } from '../validation/document-validator.ts';
import { compileWorkflow } from './compile-workflow.ts';
import { OWN_SUBMISSION, submittersOf } from './separation-of-duties.ts';
import { decideAction, offeredActions } from './workflow-engine.ts';
import { initialState } from './workflow-state.ts';
import type { ActorFacts, CompiledWorkflow, Outcome, WorkflowState } from './workflow-model.ts';
import { actor, admin, editorA, grant, incidentFacts, managerA, NOW, REGION_N, SITE_A } from './workflow-test-fixtures.ts';

const wf = compileWorkflow(incidentType) as CompiledWorkflow;
const facts = incidentFacts();
/** A site manager who may also complete incidents (managers act on submit blocks too). */
const completingManager: ActorFacts = actor('u-manager-c', [grant(['manager'], 3, { site: SITE_A, region: REGION_N })]);

function ok(outcome: Outcome): WorkflowState {
  if (!outcome.ok) throw new Error(`expected ok, got ${outcome.code}: ${outcome.reason}`);
  return outcome.state;
}

function completedBy(who: ActorFacts, workflow = wf, comment = '', onBehalfOf?: string): WorkflowState {
  return ok(decideAction(workflow, initialState(workflow, facts, NOW), facts, who, { type: 'submit', comment, onBehalfOf }, NOW));
}

const types = (offers: { type: string }[]) => offers.map((o) => o.type);

describe('separation of duties on the incident', () => {
  it("is on for the built-in incident's approve block", () => {
    expect(wf.stages.map((s) => s.separateFromSubmitter)).toEqual([undefined, true]);
  });

  it('does not offer Approve or Reject to the manager who completed it; another manager is offered both', () => {
    const state = completedBy(completingManager);
    expect(submittersOf(wf, state, wf.stages[1]!, facts)).toEqual([completingManager.uuid]);
    expect(types(offeredActions(wf, state, facts, completingManager, NOW))).toEqual([]);
    expect(types(offeredActions(wf, state, facts, managerA, NOW))).toEqual(['approve', 'reject']);
  });

  it("refuses the submitter's approve (and reject) with 403 and the message, and lets another manager approve", () => {
    const state = completedBy(completingManager);
    expect(decideAction(wf, state, facts, completingManager, { type: 'approve', comment: '' }, NOW)).toEqual({
      ok: false,
      code: 'forbidden',
      reason: 'You cannot approve your own submission.',
    });
    expect(decideAction(wf, state, facts, completingManager, { type: 'reject', comment: 'no' }, NOW)).toMatchObject({
      ok: false,
      code: 'forbidden',
      reason: 'You cannot reject your own submission.',
    });
    expect(ok(decideAction(wf, state, facts, managerA, { type: 'approve', comment: '' }, NOW))).toMatchObject({ closed: true });
  });

  it('lets an administrator who submitted approve only with a comment', () => {
    const state = completedBy(admin);
    const approve = offeredActions(wf, state, facts, admin, NOW).find((o) => o.type === 'approve');
    expect(approve).toMatchObject({ commentRequired: true });
    expect(decideAction(wf, state, facts, admin, { type: 'approve', comment: ' ' }, NOW)).toMatchObject({
      ok: false,
      code: 'bad_request',
      reason: OWN_SUBMISSION.comment,
    });
    expect(ok(decideAction(wf, state, facts, admin, { type: 'approve', comment: 'Site manager away' }, NOW))).toMatchObject({
      closed: true,
    });
    // The same administrator, treated as a member (the todo), is not waiting to approve it.
    expect(types(offeredActions(wf, state, facts, { ...admin, isAdministrator: false }, NOW))).toEqual([]);
  });

  it('counts whoever a submission was made for as a submitter: nobody approves for them, and they do not approve', () => {
    const named = incidentFacts({ approver_ids: [managerA.uuid] });
    const start = initialState(wf, named, NOW);
    const state = ok(decideAction(wf, start, named, admin, { type: 'submit', comment: 'for the manager', onBehalfOf: undefined }, NOW));
    const forManager: WorkflowState = { ...state, completed: state.completed.map((c) => ({ ...c, on_behalf_of: managerA.uuid })) };
    expect(submittersOf(wf, forManager, wf.stages[1]!, named)).toEqual([admin.uuid, managerA.uuid]);
    expect(decideAction(wf, forManager, named, managerA, { type: 'approve', comment: '' }, NOW)).toMatchObject({
      ok: false,
      code: 'forbidden',
      reason: 'You cannot approve your own submission.',
    });
    expect(offeredActions(wf, forManager, named, admin, NOW).find((o) => o.type === 'approve')?.onBehalfOf).toEqual([]);
  });

  it('fires approval_requested when the document starts waiting for an approval', () => {
    const submitted = decideAction(wf, initialState(wf, facts, NOW), facts, editorA, { type: 'submit', comment: '' }, NOW);
    expect(submitted.ok && submitted.triggers).toEqual(['submit', 'approval_requested']);
  });
});

describe('the separateFromSubmitter option', () => {
  const withOption = (value: unknown): DocumentSchema => {
    const workflow = JSON.parse(JSON.stringify(incidentType.workflow)) as WorkflowDefinition;
    (workflow.blocks[1] as unknown as Record<string, unknown>).separateFromSubmitter = value;
    return { ...incidentType, workflow };
  };

  it('turned off lets the submitter approve', () => {
    const off = compileWorkflow(withOption(false)) as CompiledWorkflow;
    const state = completedBy(completingManager, off);
    expect(types(offeredActions(off, state, facts, completingManager, NOW))).toEqual(['approve', 'reject']);
    expect(ok(decideAction(off, state, facts, completingManager, { type: 'approve', comment: '' }, NOW))).toMatchObject({ closed: true });
  });

  it('is validated: a boolean, on approve blocks only', () => {
    expect(schemaDefinitionProblems(withOption(false))).toEqual([]);
    const shape = compileDocumentValidator(workflowDefinitionSchema);
    expect(shape(withOption(true).workflow as unknown as Record<string, unknown>).valid).toBe(true);
    expect(shape(withOption('yes').workflow as unknown as Record<string, unknown>).problems).toEqual([
      expect.objectContaining({ path: 'blocks.1.separateFromSubmitter', message: 'must be boolean' }),
    ]);
    const onSubmit = JSON.parse(JSON.stringify(incidentType.workflow)) as WorkflowDefinition;
    onSubmit.blocks[0]!.separateFromSubmitter = true;
    expect(schemaDefinitionProblems({ ...incidentType, workflow: onSubmit })).toEqual([
      expect.objectContaining({
        path: 'workflow.blocks.0.separateFromSubmitter',
        message: 'separateFromSubmitter applies to approve blocks only',
      }),
    ]);
  });
});

describe('separation of duties when a document waits for approval from its creation', () => {
  const travel = compileWorkflow(travelRequestType) as CompiledWorkflow;
  const ownRequest = incidentFacts({ created_by: editorA.uuid, approver_ids: [editorA.uuid, managerA.uuid] });

  it('counts the author as its submitter: they are not offered Approve and are refused it', () => {
    const start = initialState(travel, ownRequest, NOW);
    expect(travel.stages[start.stage!]!.kind).toBe('approve');
    expect(submittersOf(travel, start, travel.stages[start.stage!]!, ownRequest)).toEqual([editorA.uuid]);
    expect(types(offeredActions(travel, start, ownRequest, editorA, NOW))).toEqual([]);
    expect(decideAction(travel, start, ownRequest, editorA, { type: 'approve', comment: '' }, NOW)).toMatchObject({
      ok: false,
      code: 'forbidden',
      reason: OWN_SUBMISSION.approve,
    });
    // Another named approver approves it.
    expect(types(offeredActions(travel, start, ownRequest, managerA, NOW))).toEqual(['approve', 'reject']);
  });
});
