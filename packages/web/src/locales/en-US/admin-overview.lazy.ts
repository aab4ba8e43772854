import type zh from '../zh-CN/admin-overview.lazy.ts';
import type { DeepString } from '../types.ts';

const adminOverview: DeepString<typeof zh> = {
  charts: 'Data overview',
  range: {
    label: 'Time range',
    '24h': '24 hours',
    '7d': '7 days',
    '30d': '30 days',
    '12m': '12 months',
  },
  streams: {
    access: 'Access events',
    denied: 'Denied accesses',
    dpi: 'DPI changes',
    tde: 'TDE changes',
    alert: 'Alerts',
  },
  presence: {
    online: 'Online',
    offline: 'Offline',
    never: 'Never seen',
  },
  expiry: {
    expired: 'Expired',
    week: 'Within 7 days',
    month: '8–30 days',
    quarter: '31–90 days',
  },
  events: 'Events and alerts',
  eventsSummary:
    '{{range}}: {{access}} access events, {{denied}} of them denied; {{dpi}} DPI changes; {{tde}} TDE changes; {{alert}} alerts',
  topDevices: 'Devices with the most alerts',
  topSummary: 'Devices with the most alerts: {{list}}',
  noAlerts: 'No alerts in this time range.',
  byPresence: 'Device state',
  byKind: 'Device kind',
  licences: 'Licenses ending',
  pieSummary: '{{title}}: {{list}}',
  unknownDevice: '(removed device)',
  failed: 'The figures could not be loaded.',
  openScreen: 'Open the big screen',
  screen: {
    title: 'Endpoint security at a glance',
    devices: 'Devices',
    online: 'Online',
    alerts24h: 'Alerts, 24 hours',
    denied24h: 'Denied accesses, 24 hours',
    fullscreen: 'Full screen',
    exitFullscreen: 'Leave full screen',
    updated: 'Updated {{time}}',
    stale: 'Could not refresh: showing the figures of {{time}}',
    events24h: 'Events in the last 24 hours',
    top7d: 'Devices with the most alerts, last 7 days',
  },
};

export default adminOverview;
