/**
 * Property tests: over random action sequences by random actors, (1) an action succeeds exactly
 * when it is offered (with a comment given) and is valid, (2) the state stays coherent (closed ⇔
 * no current stage ⇔ a closed status; version counts successful transitions), and (3) someone
 * without grants, names or the administrator role never changes anything.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { actionType } from '../builtin-types/action.ts';
import { incidentType } from '../builtin-types/incident.ts';
import { requestType } from '../builtin-types/request.ts';
import { compileWorkflow } from './compile-workflow.ts';
import { decideAction, offeredActions } from './workflow-engine.ts';
import { initialState, isClosedStatus } from './workflow-state.ts';
import { WORKFLOW_ACTION_TYPES, type CompiledWorkflow } from './workflow-model.ts';
import {
  actor,
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

/**
 * Property runs stop after this long (the property holds for the runs made), so a loaded two-core
 * machine stays well inside the test's timeout.
 */
const PROPERTY_TIME_LIMIT_MS = 10_000;

const actors = [admin, editorA, editorB, managerA, managerB, regionalManager, groupManager, reader, actionee, stranger];
const types = [incidentType, actionType, requestType];

describe('workflow engine properties', () => {
  it('acts exactly when offered, keeps the state coherent, never lets a stranger act', { timeout: 30_000 }, () => {
    const step = fc.record({
      who: fc.integer({ min: 0, max: actors.length - 1 }),
      type: fc.constantFrom(...WORKFLOW_ACTION_TYPES),
      comment: fc.constantFrom('', 'because'),
      missing: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: types.length - 1 }), fc.array(step, { maxLength: 25 }), (typeIndex, steps) => {
        const wf = compileWorkflow(types[typeIndex]!) as CompiledWorkflow;
        const full = incidentFacts({ actionee_ids: [actionee.uuid], priority: 5, due_date: '2026-03-20' });
        let state = initialState(wf, full, NOW);
        let transitions = 0;
        for (const s of steps) {
          const who = actors[s.who]!;
          const facts = s.missing ? incidentFacts({ actionee_ids: [actionee.uuid], summary: '', category: null }) : full;
          const offer = offeredActions(wf, state, facts, who, NOW).find((o) => o.type === s.type);
          const outcome = decideAction(wf, state, facts, who, { type: s.type, comment: s.comment }, NOW);
          const expected = offer !== undefined && !offer.invalid && (!offer.commentRequired || s.comment !== '');
          expect(outcome.ok).toBe(expected);
          if (who === stranger || who === reader) expect(outcome.ok).toBe(false);
          if (outcome.ok) {
            transitions += 1;
            state = outcome.state;
          }
          expect(state.version).toBe(transitions);
          expect(state.closed).toBe(state.stage === null);
          expect(state.closed).toBe(isClosedStatus(state.status));
        }
      }),
      { numRuns: 400, interruptAfterTimeLimit: PROPERTY_TIME_LIMIT_MS },
    );
  });
});

it('a fresh actor with no facts is offered nothing on every built-in workflow type', () => {
  const nobody = actor('u-nobody');
  for (const type of types) {
    const wf = compileWorkflow(type) as CompiledWorkflow;
    const facts = incidentFacts();
    expect(offeredActions(wf, initialState(wf, facts, NOW), facts, nobody, NOW)).toEqual([]);
  }
});
