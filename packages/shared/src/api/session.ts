/** Sign-in and session shapes (docs/product/identities-and-sign-in.md#sessions, docs/product/documents-and-schemas.md#api, issue 2 item 6/7). */

export interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: 'Bearer';
  organisations: OrganisationRef[];
}

/** Answered instead of tokens when the user must enter an e-mailed one-time code. */
export interface OtpChallengeAnswer {
  client_code: string;
  otp_required: true;
}

export interface OAuthErrorAnswer {
  error: string;
  error_description: string;
}

export interface OrganisationRef {
  app_id: string;
  company: string;
}

/** One access control entry as the session shows it (docs/product/access.md#grants). */
export interface Grant {
  module: string | null;
  roles: string[];
  level: number;
  create: boolean;
  delete: boolean;
  doc_types: string[] | null;
  scope: number;
  region_id: number | null;
  site_id: number | null;
}

export interface StarredItem {
  type: string;
  id?: number;
}

export interface UserPreferences {
  lang?: 'en' | 'fr' | 'es';
  mailAlerts?: boolean;
  mailSummaryWeekly?: boolean;
  starred?: StarredItem[];
  metrics?: unknown[];
  theme?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface SessionUser {
  uuid: string;
  display_name: string;
  email: string;
  acl: Grant[];
  roles: string[];
  preferences: UserPreferences;
}

export interface AppConfig {
  general?: {
    showNews?: boolean;
    showActivity?: boolean;
    showSearch?: boolean;
    showPersonal?: boolean;
    showReportsTopLevel?: boolean;
    translation?: boolean;
    highlight?: 'None' | 'Category' | 'Field';
    highlightField?: string;
    metrics?: unknown[];
    themeUserAllow?: boolean;
    categories?: { title: string; description?: string; color?: string; translation?: boolean }[];
    /** The report the dashboard opens first (docs/product/administration.md#settings). */
    default_report_id?: number;
  };
  themeVersion3?: {
    primaryColor?: string;
    secondaryColor?: string;
    backgroundColor?: string;
    backgroundColorDark?: string;
    backgroundImageUri?: string;
    blur?: number;
    chartPalette?: string;
    drawerColor?: string;
    drawerColorText?: string;
    /** docs/product/administration.md#theme: small, medium (default) or large. */
    density?: 'small' | 'medium' | 'large';
    themeUserAllow?: boolean;
  };
  [key: string]: unknown;
}

export interface Subscription {
  company: string;
  app_id: string;
  app_config: AppConfig;
  settings: Record<string, unknown>;
  active: boolean;
}

export interface SessionAnswer {
  user: SessionUser;
  subscription: Subscription;
  organisations: OrganisationRef[];
}

export interface HealthAnswer {
  status: 'ok';
  version: string;
  database: 'sqlite' | 'postgres';
}
