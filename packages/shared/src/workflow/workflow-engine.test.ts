import { describe, expect, it } from 'vitest';
import { incidentType } from '../builtin-types/incident.ts';
import type { DocumentSchema } from '../schema/document-schema.ts';
import { compileWorkflow } from './compile-workflow.ts';
import { decideAction, offeredActions } from './workflow-engine.ts';
import { initialState, isOverdue, statusLabel, refreshState } from './workflow-state.ts';
import type { CompiledWorkflow, Outcome, WorkflowState } from './workflow-model.ts';
import {
  actionee,
  admin,
  editorA,
  editorB,
  groupManager,
  incidentFacts,
  managerA,
  managerB,
  NOW,
  reader,
  regionalManager,
  stranger,
} from './workflow-test-fixtures.ts';

const wf = compileWorkflow(incidentType) as CompiledWorkflow;

function ok(outcome: Outcome): WorkflowState {
  if (!outcome.ok) throw new Error(`expected ok, got ${outcome.code}: ${outcome.reason}`);
  return outcome.state;
}

describe('block workflow (incident)', () => {
  const facts = incidentFacts();
  const start = initialState(wf, facts, NOW);

  it('starts Pending Completion, due 7 days after creation', () => {
    expect(start).toMatchObject({
      status: 'Pending Completion',
      stage: 0,
      closed: false,
      version: 0,
      due_date: '2026-03-08T10:00:00.000Z',
    });
    expect(isOverdue(start, NOW)).toBe(true);
    expect(isOverdue(start, new Date('2026-03-02T00:00:00Z'))).toBe(false);
  });

  it('goes submit by a site editor → approve by the site manager → Closed → reopen with a comment', () => {
    const submitted = ok(decideAction(wf, start, facts, editorA, { type: 'submit', comment: '' }, NOW));
    expect(submitted).toMatchObject({ status: 'Pending Approval', stage: 1, version: 1, due_date: null });
    const approved = decideAction(wf, submitted, facts, managerA, { type: 'approve', comment: '' }, NOW);
    expect(approved.ok && approved.triggers).toEqual(['approve', 'closed']);
    const closed = ok(approved);
    expect(closed).toMatchObject({ status: 'Closed', closed: true, closed_date: NOW.toISOString(), stage: null, version: 2 });
    expect(isOverdue(closed, NOW)).toBe(false);
    expect(decideAction(wf, closed, facts, managerA, { type: 'reopen', comment: '' }, NOW)).toMatchObject({
      ok: false,
      code: 'bad_request',
      reason: 'A comment is required to reopen this document.',
    });
    const reopened = ok(decideAction(wf, closed, facts, managerA, { type: 'reopen', comment: 'More detail needed' }, NOW));
    expect(reopened).toMatchObject({ status: 'Pending Completion', stage: 0, closed: false, closed_date: null, completed: [], version: 3 });
  });

  it('refuses a manager of another site, a reader and a stranger with the reason', () => {
    const submitted = ok(decideAction(wf, start, facts, editorA, { type: 'submit', comment: '' }, NOW));
    const denied = decideAction(wf, submitted, facts, managerB, { type: 'approve', comment: '' }, NOW);
    expect(denied).toMatchObject({ ok: false, code: 'forbidden' });
    expect(!denied.ok && denied.reason).toBe(
      "You are not allowed to approve this document: only the users of the current step (Site manager approval) or a manager of the document's site may approve it.",
    );
    for (const who of [reader, stranger, editorA, editorB])
      expect(decideAction(wf, submitted, facts, who, { type: 'approve', comment: '' }, NOW).ok).toBe(false);
    expect(decideAction(wf, start, facts, editorB, { type: 'submit', comment: '' }, NOW)).toMatchObject({ ok: false, code: 'forbidden' });
  });

  it('lets regional and group managers approve, and managers or editors of the site submit', () => {
    const submitted = ok(decideAction(wf, start, facts, managerA, { type: 'submit', comment: '' }, NOW));
    expect(ok(decideAction(wf, submitted, facts, regionalManager, { type: 'approve', comment: '' }, NOW)).status).toBe('Closed');
    expect(ok(decideAction(wf, submitted, facts, groupManager, { type: 'approve', comment: '' }, NOW)).status).toBe('Closed');
  });

  it('lets the actionees submit', () => {
    const withActionee = incidentFacts({ actionee_ids: [actionee.uuid] });
    expect(ok(decideAction(wf, start, withActionee, actionee, { type: 'submit', comment: '' }, NOW)).status).toBe('Pending Approval');
    expect(decideAction(wf, start, facts, actionee, { type: 'submit', comment: '' }, NOW).ok).toBe(false);
  });

  it('requires a comment to reject and returns to the submit block as Rejected, offering Resubmit', () => {
    const submitted = ok(decideAction(wf, start, facts, editorA, { type: 'submit', comment: '' }, NOW));
    expect(decideAction(wf, submitted, facts, managerA, { type: 'reject', comment: '  ' }, NOW)).toMatchObject({
      ok: false,
      code: 'bad_request',
      reason: 'A comment is required to reject this document.',
    });
    const rejected = ok(decideAction(wf, submitted, facts, managerA, { type: 'reject', comment: 'Missing witness' }, NOW));
    expect(rejected).toMatchObject({ status: 'Rejected', stage: 0, rejected: true, completed: [] });
    expect(offeredActions(wf, rejected, facts, editorA, NOW).map((o) => o.label)).toEqual(['Resubmit']);
    expect(ok(decideAction(wf, rejected, facts, editorA, { type: 'submit', comment: '' }, NOW)).status).toBe('Pending Approval');
  });

  it('blocks a submit on missing required fields with the schema messages', () => {
    const missing = incidentFacts({ category: undefined, descrip: '' });
    const outcome = decideAction(wf, start, missing, editorA, { type: 'submit', comment: '' }, NOW);
    expect(outcome).toMatchObject({
      ok: false,
      code: 'validation_failed',
      reason: 'descrip: Please describe what happened; category: Please select a category',
    });
    expect(offeredActions(wf, start, missing, editorA, NOW)).toEqual([
      { type: 'submit', label: 'Complete', commentRequired: false, invalid: true, onBehalfOf: [] },
    ]);
  });

  it('offers the spec actions per role', () => {
    expect(offeredActions(wf, start, facts, editorA, NOW).map((o) => o.label)).toEqual(['Complete']);
    expect(offeredActions(wf, start, facts, reader, NOW)).toEqual([]);
    expect(offeredActions(wf, start, facts, admin, NOW).map((o) => o.label)).toEqual(['Complete', 'Force Close']);
    const submitted = ok(decideAction(wf, start, facts, editorA, { type: 'submit', comment: '' }, NOW));
    expect(offeredActions(wf, submitted, facts, managerA, NOW).map((o) => [o.label, o.commentRequired])).toEqual([
      ['Approve', false],
      ['Reject', true],
    ]);
    expect(offeredActions(wf, submitted, facts, managerB, NOW)).toEqual([]);
  });

  it('lets only administrators force close, with a comment', () => {
    expect(decideAction(wf, start, facts, managerA, { type: 'close', comment: 'x' }, NOW)).toMatchObject({ ok: false, code: 'forbidden' });
    expect(decideAction(wf, start, facts, admin, { type: 'close', comment: '' }, NOW)).toMatchObject({ ok: false, code: 'bad_request' });
    const closed = ok(decideAction(wf, start, facts, admin, { type: 'close', comment: 'Duplicate' }, NOW));
    expect(closed).toMatchObject({ status: 'Closed', closed: true });
    expect(decideAction(wf, closed, facts, admin, { type: 'close', comment: 'again' }, NOW)).toMatchObject({ ok: false, code: 'conflict' });
  });

  it('answers conflicts for actions the current block does not take', () => {
    expect(decideAction(wf, start, facts, managerA, { type: 'approve', comment: '' }, NOW)).toMatchObject({
      ok: false,
      code: 'conflict',
      reason: 'This document is not waiting for approval.',
    });
    expect(decideAction(wf, start, facts, admin, { type: 'reopen', comment: 'x' }, NOW)).toMatchObject({ ok: false, code: 'conflict' });
  });

  it('shows unknown statuses as Unknown', () => {
    expect(statusLabel('Pending Approval')).toBe('Pending Approval');
    expect(statusLabel('Weird')).toBe('Unknown');
    expect(statusLabel('')).toBe('Unknown');
  });
});

describe('sequential steps, on behalf of, dependency and conditions', () => {
  const type: DocumentSchema = {
    version: 3,
    type: 'thing',
    form: {
      title: 'Thing',
      schema: { type: 'object', properties: { amount: { type: 'number' }, approver_ids: { type: 'array', items: { type: 'string' } } } },
    },
    workflow: {
      enabled: true,
      status_final: 'Approved',
      blocks: [
        {
          type: 'submit',
          steps: [{ title: 'Author', user_ids: ['u1'], scope: 9 }],
          conditions: [{ condition: 'amount > 0', message: 'Enter an amount first' }],
          conditionsSoft: [{ condition: 'amount < 1000', message: 'Large amount' }],
        },
        {
          type: 'approve',
          sequential: true,
          steps: [
            { title: 'First', user_ids: ['u2'], scope: 9 },
            { title: 'Second', user_ids: ['u3'], scope: 9 },
            { title: 'Big ones only', user_ids: ['u4'], scope: 9, conditions: [{ condition: 'amount >= 1000' }] },
          ],
        },
        { type: 'dependency', status: 'Pending Actions', enabled: true },
        { type: 'approve', enabled: false, steps: [{ user_ids: ['nobody'], scope: 9 }] },
      ],
    },
  };
  const compiled = compileWorkflow(type) as CompiledWorkflow;
  const u = (id: string) => ({ uuid: id, isAdministrator: false, grants: [] });
  const facts = (amount: number, openChildren = 0) => ({ doc: { id: 5, amount, created_date: '2026-03-01T00:00:00.000Z' }, openChildren });

  it('blocks on hard conditions and warns on soft ones', () => {
    const s0 = initialState(compiled, facts(0), NOW);
    expect(decideAction(compiled, s0, facts(0), u('u1'), { type: 'submit', comment: '' }, NOW)).toMatchObject({
      ok: false,
      code: 'validation_failed',
      reason: 'Enter an amount first',
    });
    const outcome = decideAction(compiled, s0, facts(5000), u('u1'), { type: 'submit', comment: '' }, NOW);
    expect(outcome.ok && outcome.warnings).toEqual(['Large amount']);
  });

  it('exposes only the next step in a sequential block; a later step acts on behalf with a comment', () => {
    const s1 = ok(decideAction(compiled, initialState(compiled, facts(50), NOW), facts(50), u('u1'), { type: 'submit', comment: '' }, NOW));
    expect(s1.status).toBe('Pending Approval');
    expect(offeredActions(compiled, s1, facts(50), u('u3'), NOW)[0]).toMatchObject({
      label: 'Approve',
      commentRequired: true,
      onBehalfOf: ['u2'],
    });
    expect(decideAction(compiled, s1, facts(50), u('u3'), { type: 'approve', comment: '' }, NOW)).toMatchObject({
      ok: false,
      reason: 'A comment is required when acting on behalf of another user.',
    });
    const s2 = ok(decideAction(compiled, s1, facts(50), u('u3'), { type: 'approve', comment: 'u2 is away', onBehalfOf: 'u2' }, NOW));
    expect(s2.completed.at(-1)).toMatchObject({ step: 0, by: 'u3', on_behalf_of: 'u2' });
    expect(decideAction(compiled, s2, facts(50), u('u4'), { type: 'approve', comment: 'x' }, NOW).ok).toBe(false);
    expect(decideAction(compiled, s2, facts(50), u('u3'), { type: 'approve', comment: '', onBehalfOf: 'u9' }, NOW)).toMatchObject({
      ok: false,
      code: 'bad_request',
    });
    // The conditional third step does not apply to small amounts: the dependency block follows.
    const s3 = ok(decideAction(compiled, s2, facts(50, 2), u('u3'), { type: 'approve', comment: '' }, NOW));
    expect(s3).toMatchObject({ status: 'Pending Actions', stage: 2, closed: false });
    expect(offeredActions(compiled, s3, facts(50, 2), u('u3'), NOW)).toEqual([]);
    expect(refreshState(compiled, s3, facts(50, 1), NOW)).toBe(s3);
    expect(refreshState(compiled, s3, facts(50, 0), NOW)).toMatchObject({ status: 'Approved', closed: true, version: s3.version + 1 });
  });

  it('needs the conditional step for big amounts', () => {
    let s = ok(
      decideAction(compiled, initialState(compiled, facts(2000), NOW), facts(2000), u('u1'), { type: 'submit', comment: '' }, NOW),
    );
    s = ok(decideAction(compiled, s, facts(2000), u('u2'), { type: 'approve', comment: '' }, NOW));
    s = ok(decideAction(compiled, s, facts(2000), u('u3'), { type: 'approve', comment: '' }, NOW));
    expect(s).toMatchObject({ status: 'Pending Approval', stage: 1 });
    expect(ok(decideAction(compiled, s, facts(2000), u('u4'), { type: 'approve', comment: '' }, NOW))).toMatchObject({
      status: 'Approved',
      closed: true,
    });
  });

  it('rejects from an approve block back to the submit block', () => {
    const s1 = ok(decideAction(compiled, initialState(compiled, facts(50), NOW), facts(50), u('u1'), { type: 'submit', comment: '' }, NOW));
    expect(ok(decideAction(compiled, s1, facts(50), u('u2'), { type: 'reject', comment: 'no' }, NOW))).toMatchObject({
      status: 'Rejected',
      stage: 0,
    });
  });
});

describe("due dates from the type's own due_date field", () => {
  const withDueField = (blocks: DocumentSchema['workflow']): DocumentSchema => ({
    version: 3,
    type: 'task',
    form: { title: 'Task', schema: { type: 'object', properties: { due_date: { type: 'string', format: 'date' } } } },
    workflow: blocks,
  });
  const facts = incidentFacts({ due_date: '2026-03-20' });

  it('follows the field in blocks that name neither days nor a due-date field', () => {
    const plain = compileWorkflow(withDueField({ enabled: true, blocks: [{ type: 'submit' }, { type: 'approve' }] }))!;
    expect(plain.stages.map((s) => s.dueField)).toEqual(['due_date', 'due_date']);
    expect(initialState(plain, facts, NOW).due_date).toBe('2026-03-20T23:59:59.999Z');
  });

  it("keeps a block's days or its own due-date field first", () => {
    const wfDays = compileWorkflow(withDueField({ enabled: true, blocks: [{ type: 'submit', days: 7 }] }))!;
    expect(wfDays.stages[0]!.dueField).toBeUndefined();
    expect(initialState(wfDays, facts, NOW).due_date).toBe('2026-03-08T10:00:00.000Z');
    const named = compileWorkflow(withDueField({ enabled: true, blocks: [{ type: 'submit', due_date: 'incident_date' }] }))!;
    expect(named.stages[0]!.dueField).toBe('incident_date');
    // A type without its own due_date field has no due date unless its blocks say so.
    const incidentLike = compileWorkflow({ ...incidentType, workflow: { enabled: true, blocks: [{ type: 'submit' }] } })!;
    expect(initialState(incidentLike, facts, NOW).due_date).toBeNull();
  });
});
