/** Constants of docs/product/README.md#messages-and-limits shared by server and web. */
export const APP_VERSION = '3.10.0314';
export const REQUIRED_SERVER_VERSION = '3.0.0';
export const PRODUCT_NAME = 'Docket';

export const REQUEST_TIMEOUT_MS = 30_000;
export const RETRY_QUEUE_CLEAR_MS = 5_000;
export const MESSAGE_BAR_HIDE_MS = 5_000;
export const DRAWER_WIDTH_PX = 280;
export const USER_DRAWER_WIDTH_PX = 480;
export const ROWS_PER_PAGE_OPTIONS = [15, 30, 60] as const;
export const DEFAULT_ROWS_PER_PAGE = 15;
export const ACCESS_TOKEN_LIFETIME_S = 3600;
export const PASSWORD_MIN_LENGTH = 10;
export const OTP_LENGTH = 6;
export const MAX_BODY_BYTES = 10 * 1024 * 1024;
export const MAX_LIST_COUNT = 500;
/** The furthest a list's `start` may skip (docs/product/README.md#messages-and-limits). */
export const MAX_LIST_START = 10_000_000;

export const DEFAULT_THEME = {
  primaryColor: '#263238',
  secondaryColor: '#ff5722',
  backgroundColor: '#fefefe',
  backgroundColorDark: '#141414',
} as const;

/** Words that appear where an app id would in a route, so they can never be app ids. */
export const RESERVED_APP_IDS: readonly string[] = [
  'account',
  'reports',
  'api',
  'oauth',
  'doc',
  'docs',
  'file',
  'files',
  'identities',
  'identity',
  'mail',
  'admin',
  'v2',
  'v3',
  'reporting',
  'health',
];
