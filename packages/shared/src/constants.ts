/** Business constants of docs/product.md §9 and docs/architecture.md §8, shared by server and web. */
export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 2_000_000;
export const PAGE_SIZES = [10, 20, 30, 40, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_RELOAD_DELAY_MS = 1_000;
export const LICENCE_WARNING_DAYS = 30;
/** An enrolment secret: `edp_enrol_` + 32 base64url characters (24 random bytes). */
export const ENROL_SECRET_PATTERN = /^edp_enrol_[A-Za-z0-9_-]{32}$/;
/** Live (unrevoked, unexpired) enrolment secrets a group may hold at once. */
export const MAX_LIVE_SECRETS = 20;
/** Enrolment secrets of a group a list answers: the live ones first, then the newest others. */
export const SECRET_LIST_MAX = 100;
export const NAME_MAX_LENGTH = 19; // "names under 20 characters"
export const PASSWORD_DEFAULT_RANGE: readonly [number, number] = [8, 20];
export const PRIMARY_COLOR = '#06B6D4';
export const MENU_WIDTH = 230;
export const MENU_WIDTH_COLLAPSED = 80;
export const MENU_COLLAPSE_WIDTH = 800;
export const MENU_COLLAPSE_DELAY_MS = 500;
export const DEFAULT_FULL_NAME = {
  'zh-CN': 'EDP 终端数据防护管理平台',
  'en-US': 'EDP Endpoint Data Protection Console',
} as const;
export const DEVICE_TYPE_RANGE = [-1, 0, 1, 2, 3, 4, 5] as const;
export const ENGINE_KINDS = ['TDE', 'DI', 'DPI', 'PWE', 'PWO'] as const;
/** The formats the device list exports in (GET /dv/m/export). */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
/**
 * SPEC §9's time ranges of the data overview's charts (a chart has no custom range); here, not
 * in contracts/overview.ts, so that the home's charts load no schema.
 */
export const OVERVIEW_RANGES = ['24h', '7d', '30d', '12m'] as const;
export type OverviewRange = (typeof OVERVIEW_RANGES)[number];
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export type EngineKind = (typeof ENGINE_KINDS)[number];
/** Limits of a certificate and an elevation window (docs/licence-format.md). */
export const MAX_LICENCE_MONTHS = 120;
export const MAX_ELEVATION_SECONDS = 30 * 24 * 3600;
/** Pricing rule (docs/portal.md): each licensed month costs one month of balance. */
export const licenceCost = (months: number): number => months;

/** Session lifetimes (docs/architecture.md §8 item 5). */
export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 3_600_000;
/** Verification links and codes (docs/product.md §9 link: 48 hours; docs/architecture.md §8 code: 10 minutes). */
export const EMAIL_CODE_TTL_MS = 10 * 60_000;
export const EMAIL_LINK_TTL_MS = 48 * 3_600_000;
/** The least time between two codes to one address for one purpose (the forms count it down). */
export const EMAIL_CODE_RESEND_MS = 60_000;
export const CAPTCHA_TTL_MS = 5 * 60_000;
/**
 * How long an auto-login link works after it is made (docs/console.md): a day, so a link that
 * leaks from a chat or a browser history is soon dead; the user makes a new one as needed.
 */
export const AUTO_LOGIN_TTL_MS = 24 * 3_600_000;

/** Text limits (characters) the server's schemas and the forms share. */
export const TEXT_MAX = {
  /** System, package and contact names, job numbers, duties, group numbers and leaders. */
  short: 50,
  company: 100,
  /** A password pattern of the login settings. */
  pattern: 200,
} as const;
