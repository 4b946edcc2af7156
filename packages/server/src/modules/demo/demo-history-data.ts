/**
 * The demo organisation's safety history (docs/product/reporting.md#overview): two years of
 * incidents per site and month — recordable injuries, lost-time injuries with their lost days,
 * near misses and the other categories — the actions raised from them, and the hours worked per
 * site and month that the 'Safety Performance' report divides by. Pure and seeded: the same seed
 * and the same day give the same history, and the months are the 24 that end with the current one
 * (UTC), so a fresh demo always has figures for this month and the year before.
 */
import { monthIndexOf, yearMonthOf, type MonthIndex } from '@docket/shared';

export const HISTORY_MONTHS = 24;
/** An incident is closed once it is this old (the recent ones are still being worked on). */
const OPEN_INCIDENT_DAYS = 21;
const DAY_MS = 24 * 3600 * 1000;

/** mulberry32: small, fast and good enough for demo data. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How a site works: hours per month and incidents per 10,000 hours at the start of the history. */
export interface SiteProfile {
  code: string;
  monthlyHours: number;
  incidentsPer10kHours: number;
}

export const DEMO_SITE_PROFILES: readonly SiteProfile[] = [
  { code: 'NPL', monthlyHours: 41_000, incidentsPer10kHours: 1.9 },
  { code: 'HBR', monthlyHours: 17_500, incidentsPer10kHours: 2.6 },
  { code: 'SYD', monthlyHours: 25_500, incidentsPer10kHours: 2.1 },
];

/** The built-in incident's categories. */
type Category = 'Injury' | 'Near Miss' | 'Property Damage' | 'Environmental' | 'Security';

const CATEGORY_WEIGHTS: readonly (readonly [Category, number])[] = [
  ['Near Miss', 0.46],
  ['Injury', 0.26],
  ['Property Damage', 0.15],
  ['Environmental', 0.07],
  ['Security', 0.06],
];

const SUMMARIES: Record<Category, readonly string[]> = {
  Injury: [
    'Hand laceration while cutting strapping',
    'Back strain lifting a crate',
    'Slip on wet floor near the wash bay',
    'Finger caught in conveyor guard',
    'Foreign body in eye while grinding',
    'Twisted ankle stepping off a trailer',
    'Burn from a hot pipe',
    'Bruised shoulder from a swinging load',
  ],
  'Near Miss': [
    'Forklift reversed without a spotter',
    'Unsecured load on a pallet rack',
    'Pedestrian crossed the forklift lane',
    'Ladder left unfooted',
    'Dropped spanner from the mezzanine',
    'Extension lead across a walkway',
    'Gas cylinder stored without a chain',
  ],
  'Property Damage': [
    'Forklift struck a racking upright',
    'Trailer reversed into the dock door',
    'Pallet dropped on a parked van',
    'Gate damaged by a delivery truck',
  ],
  Environmental: ['Hydraulic oil leak on hardstanding', 'Diesel spill at the refuelling point', 'Drain blocked with packaging waste'],
  Security: ['Perimeter fence cut', 'Unknown person found in the yard after hours', 'Tools missing from the workshop'],
};

const ACTION_SUMMARIES: Record<Category, readonly string[]> = {
  Injury: ['Review the task risk assessment', 'Refresh manual handling training', 'Fit a guard and check the others'],
  'Near Miss': ['Remark the pedestrian walkway', 'Toolbox talk on the near miss', 'Add a spotter to the procedure'],
  'Property Damage': ['Repair and inspect the damaged item', 'Add impact protection'],
  Environmental: ['Replace the spill kit and retrain', 'Inspect hoses and seals'],
  Security: ['Repair the fence and check the cameras', 'Review key control'],
};

export interface HistoryIncident {
  site: string;
  summary: string;
  descrip: string;
  category: Category;
  severity: number;
  priority: number;
  incident_date: string;
  /** When it was reported (a few hours after it happened). */
  created_date: string;
  recordable: boolean;
  lost_time: boolean;
  lost_days?: number;
  /** Closed this long after it was reported; absent: still open. */
  closed_date?: string;
  /** The actions raised from it. */
  actions: HistoryAction[];
}

export interface HistoryAction {
  summary: string;
  descrip: string;
  /** Date only (`YYYY-MM-DD`). */
  due_date: string;
  priority: number;
  /** Index into the actionees offered to the generator. */
  actionee: number;
  created_date: string;
  /** Done: its completion date (date only) and the closing instant. */
  completed_date?: string;
  closed_date?: string;
}

export interface HistoryHours {
  site: string;
  month: MonthIndex;
  hours: number;
}

export interface SafetyHistory {
  months: { from: MonthIndex; to: MonthIndex };
  incidents: HistoryIncident[];
  hours: HistoryHours[];
}

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

function weighted<T>(random: () => number, weights: readonly (readonly [T, number])[]): T {
  let roll = random();
  for (const [value, weight] of weights) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return weights[weights.length - 1]![0];
}

/** A Poisson draw (Knuth): incidents arrive independently. */
function poisson(random: () => number, mean: number): number {
  const limit = Math.exp(-mean);
  let count = 0;
  let product = random();
  while (product > limit) {
    count += 1;
    product *= random();
  }
  return count;
}

function monthStartMs(month: MonthIndex): number {
  const { year, month: m } = yearMonthOf(month);
  return Date.UTC(year, m - 1, 1);
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Hours worked: the site's level, a summer dip and a little noise, to the nearest 10 hours. */
function hoursOf(random: () => number, profile: SiteProfile, month: MonthIndex): number {
  const calendarMonth = yearMonthOf(month).month;
  const season = calendarMonth === 8 ? 0.86 : calendarMonth === 12 ? 0.9 : 1;
  return Math.round((profile.monthlyHours * season * (0.96 + random() * 0.08)) / 10) * 10;
}

function incidentOf(random: () => number, site: string, occurredMs: number, nowMs: number, actionees: number): HistoryIncident {
  const category = weighted(random, CATEGORY_WEIGHTS);
  const isInjury = category === 'Injury';
  const recordable = isInjury && random() < 0.35;
  const lostTime = recordable && random() < 0.3;
  const severity = lostTime ? 3 + (random() < 0.15 ? 1 : 0) : recordable ? 2 : 1;
  const reportedMs = Math.min(nowMs, occurredMs + Math.floor((0.5 + random() * 6) * 3600 * 1000));
  const incident: HistoryIncident = {
    site,
    summary: pick(random, SUMMARIES[category]),
    descrip: `${category} reported by the shift supervisor. Area made safe and the team briefed.`,
    category,
    severity,
    priority: Math.min(5, severity + (random() < 0.3 ? 1 : 0)),
    incident_date: new Date(occurredMs).toISOString(),
    created_date: new Date(reportedMs).toISOString(),
    recordable,
    lost_time: lostTime,
    actions: [],
  };
  // Most lost-time injuries keep someone off for a few days, a few for weeks.
  if (lostTime) incident.lost_days = random() < 0.8 ? 1 + Math.floor(random() * 7) : 8 + Math.floor(random() * 35);
  if (nowMs - reportedMs > OPEN_INCIDENT_DAYS * DAY_MS) {
    incident.closed_date = new Date(reportedMs + Math.floor((4 + random() * 14) * DAY_MS)).toISOString();
  }
  const actionCount = category === 'Near Miss' ? (random() < 0.35 ? 1 : 0) : category === 'Security' ? 1 : 1 + (random() < 0.4 ? 1 : 0);
  for (let index = 0; index < actionCount; index += 1) {
    const dueMs = reportedMs + Math.floor((10 + random() * 35) * DAY_MS);
    const action: HistoryAction = {
      summary: pick(random, ACTION_SUMMARIES[category]),
      descrip: `Raised from '${incident.summary}'.`,
      due_date: isoDay(dueMs),
      priority: Math.max(1, incident.priority - (random() < 0.5 ? 1 : 0)),
      actionee: Math.floor(random() * actionees),
      created_date: incident.created_date,
    };
    // Nine in ten actions are done, most of them on time; the rest are still open (some overdue).
    if (random() < 0.9) {
      const doneMs = dueMs + Math.floor((random() < 0.8 ? -8 + random() * 8 : random() * 20) * DAY_MS);
      if (doneMs < nowMs) {
        action.completed_date = isoDay(doneMs);
        action.closed_date = new Date(doneMs).toISOString();
      }
    }
    incident.actions.push(action);
  }
  return incident;
}

/**
 * Incidents, their actions and the hours worked, for the sites given, over the 24 months that end
 * with `now`'s month. Incident rates fall by about a fifth over the two years (the safety
 * programme working), so the charts show a trend rather than noise.
 */
export function generateSafetyHistory(seed: number, now: Date, profiles: readonly SiteProfile[], actionees: number): SafetyHistory {
  const random = seededRandom(seed);
  const nowMs = now.getTime();
  const to = monthIndexOf({ year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 });
  const from = to - (HISTORY_MONTHS - 1);
  const incidents: HistoryIncident[] = [];
  const hours: HistoryHours[] = [];
  for (const profile of profiles) {
    for (let month = from; month <= to; month += 1) {
      const worked = hoursOf(random, profile, month);
      const startMs = monthStartMs(month);
      // The current month so far: its hours and incidents up to today.
      const endMs = Math.min(monthStartMs(month + 1), nowMs);
      const share = (endMs - startMs) / (monthStartMs(month + 1) - startMs);
      hours.push({ site: profile.code, month, hours: Math.round((worked * share) / 10) * 10 });
      const trend = 1 - 0.2 * ((month - from) / (HISTORY_MONTHS - 1));
      const count = poisson(random, (worked / 10_000) * profile.incidentsPer10kHours * trend * share);
      for (let index = 0; index < count; index += 1) {
        const day = Math.floor(random() * ((endMs - startMs) / DAY_MS));
        // During the working day, 06:00 to 19:00 UTC.
        const occurredMs = startMs + day * DAY_MS + Math.floor((6 + random() * 13) * 3600 * 1000);
        if (occurredMs >= nowMs) continue;
        incidents.push(incidentOf(random, profile.code, occurredMs, nowMs, actionees));
      }
    }
  }
  incidents.sort((a, b) => a.created_date.localeCompare(b.created_date));
  return { months: { from, to }, incidents, hours };
}
