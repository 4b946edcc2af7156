/** Form schema of the investigation (docs/product/documents-and-schemas.md#investigation), including the SCAT and SafeStart parts. */
import type { JsonSchema } from '../schema/json-schema.ts';
import { dateTime, docRef, identityList, identityRef, keywordRef, labelled, text } from './common.ts';

export const INVESTIGATION_FORMATS = labelled([
  ['TEXT', 'Text'],
  ['SCAT_S', 'SCAT (event only)'],
  ['SCAT_F', 'SCAT (full)'],
]);

function keywordList(title: string, key: string): JsonSchema {
  return { type: 'array', title, uniqueItems: true, items: keywordRef(title, key) };
}

/**
 * Systematic Cause Analysis Technique. SCAT_S records the event part only (loss potential,
 * probability, contact types); SCAT_F adds immediate causes, basic causes and the control items,
 * each rated P (program), S (standards) or C (compliance) (docs/product/forms-and-lists.md#field-values). Cause lists are keyword
 * lists with children: a child choice is greyed out until its parent is chosen.
 */
export const scatSchema: JsonSchema = {
  type: 'object',
  title: 'SCAT',
  properties: {
    loss_potential: {
      type: 'string',
      title: 'Potential loss severity',
      oneOf: labelled([
        ['A', 'Major'],
        ['B', 'Serious'],
        ['C', 'Minor'],
      ]),
    },
    probability: {
      type: 'string',
      title: 'Probability of recurrence',
      oneOf: labelled([
        ['A', 'High'],
        ['B', 'Moderate'],
        ['C', 'Rare'],
      ]),
    },
    contact_type_ids: keywordList('Type of event (contact)', 'scat_contact_type'),
    immediate_cause_ids: keywordList('Immediate causes', 'scat_immediate_cause'),
    basic_cause_ids: keywordList('Basic causes', 'scat_basic_cause'),
    control_items: {
      type: 'array',
      title: 'Actions to improve control',
      items: {
        type: 'object',
        properties: {
          item_id: keywordRef('Control item', 'scat_control'),
          value: {
            type: 'string',
            title: 'Inadequate',
            oneOf: labelled([
              ['P', 'Program'],
              ['S', 'Standards'],
              ['C', 'Compliance'],
            ]),
          },
          notes: text('Notes'),
        },
        required: ['item_id', 'value'],
      },
    },
  },
};

/** SafeStart: the states that led to the critical errors. */
export const safestartSchema: JsonSchema = {
  type: 'object',
  title: 'SafeStart',
  properties: {
    states: {
      type: 'array',
      title: 'States',
      uniqueItems: true,
      items: {
        type: 'string',
        oneOf: labelled([
          ['rushing', 'Rushing'],
          ['frustration', 'Frustration'],
          ['fatigue', 'Fatigue'],
          ['complacency', 'Complacency'],
        ]),
      },
    },
    errors: {
      type: 'array',
      title: 'Critical errors',
      uniqueItems: true,
      items: {
        type: 'string',
        oneOf: labelled([
          ['eyes_not_on_task', 'Eyes not on task'],
          ['mind_not_on_task', 'Mind not on task'],
          ['line_of_fire', 'Line of fire'],
          ['balance_traction_grip', 'Balance, traction or grip'],
        ]),
      },
    },
  },
};

export const investigationProperties: Record<string, JsonSchema> = {
  summary: text('Title', { minLength: 1 }),
  site_id: docRef('Site', 'site'),
  zone_id: docRef('Zone', 'zone', { site_id: 'site_id' }),
  module_id: docRef('Module', 'module'),
  format: {
    type: 'string',
    title: 'Format',
    description: 'Full SCAT investigations cannot be recorded or submitted on mobile.',
    oneOf: INVESTIGATION_FORMATS,
    default: 'TEXT',
  },
  leader_id: identityRef('Leader'),
  team_ids: identityList('Team'),
  start_date: dateTime('Start date'),
  descrip: text('Conclusions'),
  scat: scatSchema,
  safestart: safestartSchema,
};

export const investigationSchema: JsonSchema = {
  type: 'object',
  properties: investigationProperties,
  required: ['summary', 'site_id', 'module_id', 'zone_id', 'format', 'leader_id', 'start_date'],
  errorMessage: {
    required: {
      summary: 'Please enter a title',
      module_id: 'Please select a module',
      leader_id: 'Please select the investigation leader',
      start_date: 'Please enter the start date',
    },
  },
};
