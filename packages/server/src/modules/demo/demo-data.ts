/** The demo organisations of the quick start (issue 2 item 5). Passwords come from SEED_PASSWORD. */
import { DEFAULT_THEME } from '@docket/shared';

export interface DemoUser {
  email: string;
  displayName: string;
  jobTitle: string;
  level: number;
  roles: string[];
  canDelete: boolean;
  /** Code of the site a site-scoped grant is limited to; absent means group scope. */
  site?: string;
}

/** Reference data: regions, their sites and the sites' zones (issue 3 item 1). */
export interface DemoRegion {
  title: string;
  code: string;
  sites: { title: string; code: string; zones: string[] }[];
}

export interface DemoOrganisation {
  appId: string;
  company: string;
  domain: string;
  users: DemoUser[];
  regions: DemoRegion[];
  /** Business modules (the Module field of safety visits and investigations). */
  modules?: string[];
  /** Keyword lists by key, with their option labels (ids 1, 2, … in order). */
  keywordLists?: { key: string; title: string; options: string[] }[];
  /** Checklist templates inspections start from (docs/product/documents-and-schemas.md#inspections). */
  checklists?: { title: string; type: string; category: string; items: { category: string; title: string; questions?: string[] }[] }[];
  posts: { summary: string; descrip: string; tags: string[] }[];
  /** Two years of safety history and the 'Safety Performance' report (demo-history.ts), from this seed. */
  history?: { seed: number };
}

const appConfig = {
  general: { showNews: true, showActivity: true, showSearch: true, translation: false, themeUserAllow: true, categories: [] },
  themeVersion3: { ...DEFAULT_THEME, blur: 8, chartPalette: 'default' },
};

export const demoAppConfig = appConfig;

export const demoOrganisations: DemoOrganisation[] = [
  {
    appId: 'demo',
    company: 'Demo Co',
    domain: 'demo.local',
    history: { seed: 20_260_101 },
    users: [
      {
        email: 'admin@demo.local',
        displayName: 'Ada Admin',
        jobTitle: 'HSE Director',
        level: 6,
        roles: ['administrator', 'manager', 'editor', 'mail'],
        canDelete: true,
      },
      {
        email: 'manager@demo.local',
        displayName: 'Max Manager',
        jobTitle: 'Site Manager',
        level: 4,
        roles: ['manager'],
        canDelete: true,
        site: 'NPL',
      },
      {
        email: 'editor@demo.local',
        displayName: 'Eve Editor',
        jobTitle: 'Safety Officer',
        level: 4,
        roles: ['editor'],
        canDelete: false,
        site: 'HBR',
      },
      { email: 'reader@demo.local', displayName: 'Rob Reader', jobTitle: 'Operator', level: 2, roles: ['reader'], canDelete: false },
    ],
    regions: [
      {
        title: 'North',
        code: 'N',
        sites: [
          { title: 'North Plant', code: 'NPL', zones: ['Assembly Hall', 'Loading Bay'] },
          { title: 'Harbour Depot', code: 'HBR', zones: ['Quay', 'Warehouse'] },
        ],
      },
      { title: 'South', code: 'S', sites: [{ title: 'South Yard', code: 'SYD', zones: ['Workshop'] }] },
    ],
    modules: ['Health and Safety', 'Quality', 'Environment'],
    keywordLists: [
      {
        key: 'safety_visit_observation_category',
        title: 'Safety visit observation categories',
        options: ['Housekeeping', 'Personal protective equipment', 'Access and egress', 'Manual handling', 'Machinery', 'Electrical'],
      },
    ],
    checklists: [
      {
        title: 'Warehouse safety walk',
        type: 'walk-round',
        category: 'Health and Safety',
        items: [
          { category: 'Housekeeping', title: 'Aisles and walkways clear', questions: ['Are pallets kept out of the aisles?'] },
          { category: 'Housekeeping', title: 'Spill kits stocked' },
          { category: 'Fire', title: 'Extinguishers in place and tagged' },
          { category: 'Fire', title: 'Fire exits unobstructed' },
        ],
      },
    ],
    posts: [
      {
        summary: 'Welcome to Docket',
        descrip:
          '<p>Docket keeps our incidents, actions, inspections and risk assessments in one place. Start from the menu on the left.</p>',
        tags: ['welcome'],
      },
      {
        summary: 'Safety week starts Monday',
        descrip: '<p>Toolbox talks every morning at 7:30 in the canteen. <strong>Hi-vis is mandatory</strong> on the yard.</p>',
        tags: ['safety', 'events'],
      },
      {
        summary: 'New near-miss reporting target',
        descrip: '<p>Our goal this quarter: every team reports at least two near misses a month. Small reports prevent big incidents.</p>',
        tags: ['kpi'],
      },
    ],
  },
  {
    appId: 'acme',
    company: 'Acme',
    domain: 'acme.local',
    users: [
      {
        email: 'admin@acme.local',
        displayName: 'Alex Acme',
        jobTitle: 'Quality Lead',
        level: 6,
        roles: ['administrator'],
        canDelete: true,
      },
    ],
    regions: [{ title: 'Acme East', code: 'E', sites: [{ title: 'Acme Works', code: 'AWK', zones: ['Line 1'] }] }],
    posts: [
      { summary: 'Acme quality bulletin', descrip: '<p>ISO 9001 surveillance audit is booked for next month.</p>', tags: ['quality'] },
      {
        summary: 'Acme site induction refreshed',
        descrip: '<p>The induction video now covers forklift traffic routes.</p>',
        tags: ['induction'],
      },
    ],
  },
];
