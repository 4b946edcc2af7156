/** Form and review schemas of the incident. `lost_time`, `lost_days` and `recordable` feed TRIR/LTIR. */
import type { JsonSchema } from '../schema/json-schema.ts';
import { bool, dateTime, docRef, identityList, identityRef, labelled, priority, text } from './common.ts';

export const INCIDENT_CATEGORIES = ['Injury', 'Near Miss', 'Property Damage', 'Environmental', 'Security'] as const;

/** Severity classification; colours follow docs/product/documents-and-schemas.md#survey-and-risk (Medium warning, High/Extreme error). */
export const INCIDENT_SEVERITIES = labelled([
  [1, 'Low'],
  [2, 'Medium'],
  [3, 'High'],
  [4, 'Extreme'],
]);

export const incidentProperties: Record<string, JsonSchema> = {
  summary: text('Title', { minLength: 1, maxLength: 200 }),
  descrip: text('Description', { minLength: 1 }),
  incident_date: dateTime('Incident date'),
  category: { type: 'string', title: 'Category', enum: [...INCIDENT_CATEGORIES] },
  severity: { type: 'integer', title: 'Severity', oneOf: INCIDENT_SEVERITIES, default: 1 },
  priority: priority(),
  region_id: docRef('Region', 'region'),
  site_id: docRef('Site', 'site', { region_id: 'region_id' }),
  zone_id: docRef('Zone', 'zone', { site_id: 'site_id' }),
  location: text('Location'),
  reporter_id: identityRef('Reported by'),
  people_involved_ids: identityList('People involved'),
  immediate_actions: text('Immediate actions taken'),
  actionee_ids: identityList('Actionees'),
  reviewer_ids: identityList('Reviewers'),
  lost_time: bool('Lost time'),
  lost_days: { type: 'integer', title: 'Lost days', minimum: 0 },
  recordable: bool('Recordable'),
};

export const incidentSchema: JsonSchema = {
  type: 'object',
  properties: incidentProperties,
  required: ['summary', 'descrip', 'incident_date', 'category', 'site_id'],
  errorMessage: {
    required: {
      summary: 'Please enter a title',
      descrip: 'Please describe what happened',
      incident_date: 'Please enter the date of the incident',
      category: 'Please select a category',
      site_id: 'Please select a site',
    },
  },
  allOf: [
    {
      // A lost-time incident records how many days were lost (at least one).
      if: { properties: { lost_time: { const: true } }, required: ['lost_time'] },
      then: { required: ['lost_days'], properties: { lost_days: { minimum: 1 } } },
    },
  ],
};

/** The review a reviewer writes once the incident is closed (docs/product/workflow-and-timeline.md#reviews). */
export const incidentReviewSchema: JsonSchema = {
  type: 'object',
  properties: {
    review_date: dateTime('Review date'),
    rating: { type: 'integer', title: 'Rating', minimum: 0, maximum: 5, default: 0 },
    notes: text('Notes'),
  },
  required: ['review_date'],
  errorMessage: { required: { review_date: 'Please enter the review date' } },
};
