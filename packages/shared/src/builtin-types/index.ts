/**
 * The built-in document types (docs/product/documents-and-schemas.md#built-in-types and the reference data), as plain `DocumentSchema`
 * data. An organisation starts with these; administrators may override them with stored schemas.
 *
 * Conventions the definitions rely on (readers: the record service, the form renderer, lists):
 *
 * - `idMask` builds `display_id`. Tokens: `{seq:N}` is the next number of a sequence kept per
 *   organisation and type, zero-padded to N digits (wider numbers are not truncated); `{yyyy}` is
 *   the four-digit year the document was created. The sequence does not restart each year.
 *   Anything else is literal text: `INC-{seq:5}` gives `INC-00042`; `INV-{yyyy}-{seq:4}` gives
 *   `INV-2025-0007`.
 * - `form.schema` `default`s are literal values (Ajv `useDefaults`); `form.defaults` holds
 *   default-value tokens (docs/product/documents-and-schemas.md#default-values), applied when a new document is created:
 *   `date` (today), `date-time` (now), `user` (the current user's uuid; `['user']` for a list),
 *   optionally `@field` to start from another field's value and `+N` / `+Nd` days or `+Nh` hours.
 *   The safety visit's end date is `date-time@start_date+2h`: docs/product/documents-and-schemas.md#default-values leaves the unit of
 *   "start plus 2" unknown and we chose hours (a visit is a walk-round, not a two-day event).
 * - `x-lookup` on a property names where its options come from (see `LookupSource`).
 * - `errorMessage.required` gives per-property messages for missing required fields; otherwise
 *   the validator's standard 'must have required property' (French 'Requis: ') applies.
 * - Conditions (`filter.defaultFilter`, `review.condition`, legacy workflow step conditions) are
 *   filter-language expressions; review conditions may also use the `editor`, `admin` and
 *   `reviewer` flags of the current user (docs/product/workflow-and-timeline.md#reviews).
 * - `requiredRolesForCreate` alone leaves reading open; `requiredRolesForEdit` limits changes
 *   (currencies, reports, metrics, checklists, keyword lists, reference data, posts);
 *   `requiredRoles` hides the type entirely from other users (notifications, subscriptions).
 * - The keyword list type is `keyword_list`; the spec's lookup call names it `$$keywords`.
 */
import type { DocumentSchema } from '../schema/document-schema.ts';
import { actionType } from './action.ts';
import { clientType } from './client.ts';
import { currencyType } from './currency.ts';
import { incidentType } from './incident.ts';
import { inspectionType } from './inspection.ts';
import { investigationType } from './investigation.ts';
import { keywordListType } from './keyword-list.ts';
import { moduleType } from './module.ts';
import { notificationType } from './notification.ts';
import { postType } from './post.ts';
import { projectType } from './project.ts';
import { regionType } from './region.ts';
import { reportMetricType } from './report-metric.ts';
import { reportType } from './report.ts';
import { reportDataType } from './report-data.ts';
import { requestType } from './request.ts';
import { riskAssessmentType } from './risk-assessment.ts';
import { siteType } from './site.ts';
import { subscriptionType } from './subscription.ts';
import { surveyType } from './survey.ts';
import { safetyVisitType } from './worksafe-safety-visit.ts';
import { travelRequestType } from './worksafe-travel-request.ts';
import { zoneType } from './zone.ts';
import { currencyI18n } from './currency.i18n.ts';
import { inspectionI18n } from './inspection.i18n.ts';
import { investigationI18n } from './investigation.i18n.ts';
import { keywordListI18n } from './keyword-list.i18n.ts';
import { notificationI18n } from './notification.i18n.ts';
import { clientI18n, moduleI18n, projectI18n, regionI18n, siteI18n, zoneI18n } from './reference-data.i18n.ts';
import { reportMetricI18n } from './report-metric.i18n.ts';
import { reportI18n } from './report.i18n.ts';
import { reportDataI18n } from './report-data.i18n.ts';
import { requestI18n } from './request.i18n.ts';
import { riskAssessmentI18n } from './risk-assessment.i18n.ts';
import { subscriptionI18n } from './subscription.i18n.ts';
import { surveyI18n } from './survey.i18n.ts';
import { withTranslations } from './with-translations.ts';
import { safetyVisitI18n } from './worksafe-safety-visit.i18n.ts';
import { travelRequestI18n } from './worksafe-travel-request.i18n.ts';

/**
 * Every built-in type with its French and Spanish texts (docs/product/administration.md#localisation);
 * the translation test checks that none is missing.
 */
export const builtinTypes: readonly DocumentSchema[] = [
  withTranslations(safetyVisitType, safetyVisitI18n),
  withTranslations(investigationType, investigationI18n),
  withTranslations(incidentType),
  withTranslations(actionType),
  withTranslations(requestType, requestI18n),
  withTranslations(riskAssessmentType, riskAssessmentI18n),
  withTranslations(travelRequestType, travelRequestI18n),
  withTranslations(postType),
  withTranslations(surveyType, surveyI18n),
  withTranslations(inspectionType, inspectionI18n),
  withTranslations(currencyType, currencyI18n),
  withTranslations(reportType, reportI18n),
  withTranslations(reportMetricType, reportMetricI18n),
  withTranslations(reportDataType, reportDataI18n),
  withTranslations(keywordListType, keywordListI18n),
  withTranslations(notificationType, notificationI18n),
  withTranslations(subscriptionType, subscriptionI18n),
  withTranslations(regionType, regionI18n),
  withTranslations(siteType, siteI18n),
  withTranslations(zoneType, zoneI18n),
  withTranslations(moduleType, moduleI18n),
  withTranslations(clientType, clientI18n),
  withTranslations(projectType, projectI18n),
];

const byName = new Map(builtinTypes.map((schema) => [schema.type, schema]));

/** The built-in definition of a type, or undefined when the type is not built in. */
export function builtinTypeByName(type: string): DocumentSchema | undefined {
  return byName.get(type);
}

export { REPORT_DATA_TYPE, ITEM_SCOPE, REPORT_DATA_CALCULATED_FIELDS } from './report-data.ts';
export { REPORT_CALCULATED_FIELDS } from './report.ts';
export * from './inspection-model.ts';
export { visibleStringsOf } from './visible-strings.ts';
export { convertAmount, CURRENCY_FIELD_KEYWORD, RATE_OF_BASE, type CurrencyRate } from './currency.ts';
