/**
 * PostgreSQL's `plan_cache_mode` for Docket's connections (DB_PLAN_CACHE_MODE). Generic by
 * default: with `auto`, PostgreSQL kept re-planning list statements on every run, and planning
 * over the documents table's ~170 partial indexes (0.5–7 ms) cost more than running the list
 * (bench/README.md, cold lists). Type names and JSON paths are literals in the SQL, so a generic
 * plan still uses the partial and expression indexes; only values are parameters. `auto` is the
 * operator's way back should one statement plan badly without its values.
 */
export const PLAN_CACHE_MODES = ['force_generic_plan', 'auto', 'force_custom_plan'] as const;
export type PlanCacheMode = (typeof PLAN_CACHE_MODES)[number];
export const DEFAULT_PLAN_CACHE_MODE: PlanCacheMode = 'force_generic_plan';
