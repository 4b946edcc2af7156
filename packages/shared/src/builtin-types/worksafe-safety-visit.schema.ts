/**
 * Form schema of the safety visit (docs/product/documents-and-schemas.md#safety-visit). Kept apart from the layout and list parts so
 * each file stays one concept.
 */
import type { JsonSchema } from '../schema/json-schema.ts';
import { bool, date, dateTime, docRef, identityList, keywordRef, labelled, text } from './common.ts';

export const OBSERVATION_TYPES = labelled([
  ['E', 'Efficiency'],
  ['P', 'Positive'],
  ['A', 'Unsafe Act'],
  ['C', 'Unsafe Condition'],
]);

/** Observation types that are negative and so need an associated action. */
export const NEGATIVE_OBSERVATION_TYPES = ['A', 'C'] as const;

/**
 * One observation. A negative observation (unsafe act or condition) — or any observation flagged
 * "action required" — must carry an associated action: either the text of a new action to raise
 * (`action_descrip`, created as a child `action` on save) or an existing action (`action_id`).
 */
export const observationSchema: JsonSchema = {
  type: 'object',
  title: 'Observation',
  properties: {
    type: { type: 'string', title: 'Type', oneOf: OBSERVATION_TYPES, default: 'P' },
    descrip: text('Observation', { minLength: 1 }),
    response: text('Response (risk discussed)'),
    category_id: keywordRef('Category', 'safety_visit_observation_category'),
    action_required: bool('Action required'),
    action_descrip: text('Action to take', { minLength: 1 }),
    action_due_date: date('Action due date'),
    action_actionee_ids: identityList('Action owners'),
    action_id: docRef('Existing action', 'action'),
  },
  required: ['type', 'descrip'],
  errorMessage: { required: { descrip: 'Please describe the observation' } },
  allOf: [
    {
      if: {
        anyOf: [
          { properties: { type: { enum: [...NEGATIVE_OBSERVATION_TYPES] } }, required: ['type'] },
          { properties: { action_required: { const: true } }, required: ['action_required'] },
        ],
      },
      then: {
        anyOf: [{ required: ['action_descrip'] }, { required: ['action_id'] }],
        errorMessage: 'Each unsafe act or unsafe condition requires an associated action',
      },
    },
  ],
};

export const safetyVisitProperties: Record<string, JsonSchema> = {
  site_id: docRef('Site', 'site'),
  zone_id: docRef('Zone', 'zone', { site_id: 'site_id' }),
  module_id: docRef('Module', 'module'),
  descrip: text('Description'),
  start_date: dateTime('Start date'),
  end_date: dateTime('End date'),
  visitor_ids: identityList('Visitors', 1),
  interviewee_ids: identityList('Interviewees'),
  participant_ids: identityList('Participants'),
  approver_ids: identityList('Line managers'),
  observations: { type: 'array', title: 'Observations', items: observationSchema },
};

export const safetyVisitSchema: JsonSchema = {
  type: 'object',
  properties: safetyVisitProperties,
  required: ['site_id', 'module_id', 'zone_id', 'visitor_ids'],
  errorMessage: {
    required: {
      site_id: 'Please select a site',
      zone_id: 'Please select a zone',
      module_id: 'Please select a module',
      visitor_ids: 'Please add at least one visitor',
    },
  },
};
