import { describe, expect, it } from 'vitest';
import { actionType } from '../builtin-types/action.ts';
import { requestType } from '../builtin-types/request.ts';
import type { DocumentSchema, LegacyWorkflowScope } from '../schema/document-schema.ts';
import { compileWorkflow } from './compile-workflow.ts';
import { decideAction, offeredActions } from './workflow-engine.ts';
import { initialState } from './workflow-state.ts';
import type { CompiledWorkflow, Outcome, WorkflowState } from './workflow-model.ts';
import { actor, admin, grant, groupManager, managerA, managerB, NOW, REGION_N, regionalManager, SITE_A } from './workflow-test-fixtures.ts';

function ok(outcome: Outcome): WorkflowState {
  if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.reason}`);
  return outcome.state;
}

const doer = actor('u-doer');
const facts = (extra: Record<string, unknown> = {}) => ({
  doc: {
    id: 9,
    site_id: SITE_A,
    region_id: REGION_N,
    created_date: '2026-03-01T00:00:00.000Z',
    actionee_ids: [doer.uuid],
    due_date: '2026-03-20',
    priority: 3,
    ...extra,
  },
  openChildren: 0,
});

describe('legacy workflow: action', () => {
  const wf = compileWorkflow(actionType) as CompiledWorkflow;

  it('is completed by its actionees and due on its due date', () => {
    const s0 = initialState(wf, facts(), NOW);
    expect(s0).toMatchObject({ kind: 'legacy', status: 'Pending Completion', due_date: '2026-03-20T23:59:59.999Z' });
    expect(offeredActions(wf, s0, facts(), doer, NOW).map((o) => o.label)).toEqual(['Complete']);
    expect(decideAction(wf, s0, facts(), managerA, { type: 'submit', comment: '' }, NOW).ok).toBe(false);
    expect(ok(decideAction(wf, s0, facts(), doer, { type: 'submit', comment: '' }, NOW))).toMatchObject({ status: 'Closed', closed: true });
  });

  it('needs a site manager to verify high-priority actions (step condition)', () => {
    const high = facts({ priority: 5 });
    const s1 = ok(decideAction(wf, initialState(wf, high, NOW), high, doer, { type: 'submit', comment: '' }, NOW));
    expect(s1.status).toBe('Pending Approval');
    expect(decideAction(wf, s1, high, managerB, { type: 'approve', comment: '' }, NOW).ok).toBe(false);
    expect(ok(decideAction(wf, s1, high, managerA, { type: 'approve', comment: '' }, NOW)).status).toBe('Closed');
  });
});

describe('legacy workflow: request', () => {
  const wf = compileWorkflow(requestType) as CompiledWorkflow;
  it('is triaged by a site manager, then resolved by the actionees', () => {
    const s0 = initialState(wf, facts(), NOW);
    expect(s0.status).toBe('Pending Approval');
    const s1 = ok(decideAction(wf, s0, facts(), managerA, { type: 'approve', comment: '' }, NOW));
    expect(s1.status).toBe('Pending Completion');
    expect(ok(decideAction(wf, s1, facts(), doer, { type: 'submit', comment: '' }, NOW)).closed).toBe(true);
  });
  it('stays Rejected at triage when rejected (no earlier completion step)', () => {
    const s0 = initialState(wf, facts(), NOW);
    expect(ok(decideAction(wf, s0, facts(), managerA, { type: 'reject', comment: 'Not ours' }, NOW))).toMatchObject({
      status: 'Rejected',
      stage: 0,
    });
  });
});

describe('legacy scopes 1, 11, 2, 21, 3, 9, 91, 92', () => {
  const vp = actor('u-vp', [grant(['group vp'], 1)]);
  const rvp = actor('u-rvp', [grant(['regional vp'], 2, { region: REGION_N })]);
  const otherRvp = actor('u-rvp2', [grant(['regional vp'], 2, { region: 99 })]);
  const picked = actor('u-picked');
  const cases: [LegacyWorkflowScope, { yes: ReturnType<typeof actor>[]; no: ReturnType<typeof actor>[] }, Record<string, unknown>?][] = [
    [1, { yes: [groupManager, admin], no: [regionalManager, managerA, vp] }],
    [11, { yes: [vp], no: [groupManager, rvp] }],
    [2, { yes: [groupManager, regionalManager], no: [managerA, rvp] }],
    [21, { yes: [rvp], no: [otherRvp, regionalManager] }],
    [3, { yes: [groupManager, regionalManager, managerA], no: [managerB, picked] }],
    [9, { yes: [picked], no: [groupManager, managerA] }, { approver_ids: [picked.uuid] }],
    [91, { yes: [picked], no: [groupManager] }],
    [92, { yes: [picked], no: [managerA] }],
  ];
  for (const [scope, who, extra] of cases) {
    it(`scope ${scope}`, () => {
      const type: DocumentSchema = {
        version: 3,
        type: 't',
        legacyWorkflow: {
          enabled: true,
          steps: [
            {
              scope,
              condition: 'true',
              ...(scope === 9 ? { property: 'approver_ids' } : {}),
              ...(scope >= 91 ? { users: [{ uuid: picked.uuid }, { uuid: 'someone@example.com' }] } : {}),
            },
          ],
        },
      };
      const wf = compileWorkflow(type) as CompiledWorkflow;
      const f = facts({ actionee_ids: [], ...extra });
      const s0 = initialState(wf, f, NOW);
      for (const a of who.yes) expect(decideAction(wf, s0, f, a, { type: 'approve', comment: '' }, NOW).ok, a.uuid).toBe(true);
      for (const a of who.no) expect(decideAction(wf, s0, f, a, { type: 'approve', comment: '' }, NOW).ok, a.uuid).toBe(false);
    });
  }
});
