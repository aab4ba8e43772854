import type zh from '../zh-CN/common.ts';
import type { DeepString } from '../types.ts';

const common: DeepString<typeof zh> = {
  productShort: 'EDP Console',
  metaDescription:
    'EDP Endpoint Data Protection Console: company registration and recharge, license requests and certificates, and central management of endpoints, users, roles and audit.',
  /** A label and its value in one line (an aria-label): the colon each language uses. */
  labelled: '{{label}}: {{value}}',
  skipToContent: 'Skip to main content',
  language: {
    label: 'Language',
    'zh-CN': '简体中文',
    'en-US': 'English',
  },
  actions: {
    backHome: 'Back to home',
    ok: 'OK',
    cancel: 'Cancel',
    submit: 'Submit',
    retry: 'Retry',
  },
  request: {
    timeout: 'Request timed out, please try again later!',
    serverError: 'Server error',
    done: '{{action}}: done',
    invalid: 'Please correct: ',
  },
  offline: {
    browser:
      'You are offline; the page may not show the latest data. It will retry once you are back online.',
    api: 'The server cannot be reached right now. Please check your network or try again later.',
  },
  export: { button: 'Export', csv: 'CSV', xlsx: 'Excel (.xlsx)', failed: 'Export failed' },
  pager: { previous: 'Previous', next: 'Next', page: 'Page {{page}}' },
  empty: {
    noData: 'No data yet',
  },
  listTotal: '{{total}} in total',
  loading: 'Loading…',
  notFound: {
    title: 'Page not found',
    subTitle: 'The page you are looking for does not exist or has been removed.',
  },
  routeError: {
    title: 'The page failed to load',
    subTitle: 'This may be a network problem or a new version; please reload the page.',
    reload: 'Reload',
  },
  footer: {
    agreement: 'Registration agreement',
    privacy: 'Privacy policy',
    copyright: '© {{year}} EDP Endpoint Data Protection',
  },
};

export default common;
