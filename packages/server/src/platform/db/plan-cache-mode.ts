/**
 * PostgreSQL's `plan_cache_mode` for Docket's connections (DB_PLAN_CACHE_MODE), PostgreSQL's own
 * `auto` by default. Measured at 1,000,000 incidents (bench/README.md, cold lists):
 * `force_generic_plan` spares re-planning over the documents table's ~170 partial indexes, and the
 * admin's incident list went from 925 to 2,150 requests a second; but a site-restricted user's
 * list fell from 834 to 442, because a generic plan cannot see that the row filter's
 * `site_id IN (…)` and the user's `site_id = …` leave one site, and sorts every matching row
 * instead of reading the index in order. An operator whose users mostly see every site may choose
 * generic plans; the default keeps restricted users as fast as administrators.
 */
export const PLAN_CACHE_MODES = ['auto', 'force_generic_plan', 'force_custom_plan'] as const;
export type PlanCacheMode = (typeof PLAN_CACHE_MODES)[number];
export const DEFAULT_PLAN_CACHE_MODE: PlanCacheMode = 'auto';
