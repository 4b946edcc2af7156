/**
 * PostgreSQL's `plan_cache_mode` for Docket's connections (DB_PLAN_CACHE_MODE), PostgreSQL's own
 * `auto` by default. Measured at 1,000,000 incidents (bench/README.md, cold lists):
 * `force_generic_plan` spares re-planning over the documents table's ~170 partial indexes, and the
 * admin's incident list went from 925 to 2,150 requests a second; but a site-restricted user's
 * list fell from 834 to 442, because a generic plan cannot see that the row filter's
 * `site_id IN (…)` and the user's `site_id = …` leave one site, and sorts every matching row
 * instead of reading the index in order. An operator whose users mostly see every site may choose
 * generic plans; the default keeps restricted users as fast as administrators. Since the list
 * folds a user's own site filter into the row filter and reads a few sites' rows branch by branch
 * (document-pages.ts), the restricted list no longer suffers: measured again (bench/README.md,
 * twenty-second session) `force_generic_plan` and `auto` answered both users' cold lists alike
 * (1,876–1,924 against 1,811–2,107 req/s), and paging through the first 50 pages, where each
 * page is a new text planned up to six times per connection under `auto`, 1,520–1,595 against
 * 714–1,741. The default stays `auto`: a generic plan is chosen without the values, which other
 * queries (reports over skewed statuses, a member of more than 8 sites) may need.
 */
export const PLAN_CACHE_MODES = ['auto', 'force_generic_plan', 'force_custom_plan'] as const;
export type PlanCacheMode = (typeof PLAN_CACHE_MODES)[number];
export const DEFAULT_PLAN_CACHE_MODE: PlanCacheMode = 'auto';
