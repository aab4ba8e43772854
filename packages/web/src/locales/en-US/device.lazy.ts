import type zh from '../zh-CN/device.lazy.ts';
import type { DeepString } from '../types.ts';

const device: DeepString<typeof zh> = {
  counters: {
    '-1': 'Unlicensed',
    '0': 'TDE',
    '1': 'DI',
    '2': 'DPI',
    '3': 'PWE',
    '4': 'PWO',
    '5': 'Expired',
  },
  countersLabel: 'Engine counts',
  keyword: 'Search device ID, name or fingerprint',
  kindFilter: 'Engine kind',
  typeFilter: 'License type',
  allKinds: 'All kinds',
  allTypes: 'All license types',
  empty: 'No engines yet. They appear here once a request file is uploaded in My license.',
  columns: {
    deviceId: 'Device ID',
    name: 'Device name',
    kind: 'Engine kind',
    status: 'License status',
    expiresAt: 'Expires',
    remainingDays: 'Days left',
    lastRequestAt: 'Last request',
    actions: 'Actions',
  },
  detail: 'Details',
  detailOf: 'Details of {{device}}',
  info: {
    title: 'Basic information',
    deviceId: 'Device ID',
    name: 'Device name',
    fingerprint: 'Fingerprint',
    createdAt: 'First request',
    lastRequestAt: 'Last request',
    engines: 'Licenses',
    records: 'Issue records',
  },
  notFound: {
    title: 'Device not found',
    subTitle: 'This device does not exist or does not belong to your company.',
    back: 'Back to My engine',
  },
  elevation: {
    action: 'Elevation file',
    needsLicence: 'An elevation file needs a valid license on this device',
    title: 'Create an elevation file',
    intro:
      "An elevation file lets the device run elevated for a limited time: at most 30 days and never past its license's expiry.",
    days: 'Days',
    hours: 'Hours',
    minutes: 'Minutes',
    seconds: 'Seconds',
    required: 'Please enter how long the elevation lasts',
    tooLong: 'An elevation lasts at most 30 days',
    submit: 'Create and download',
    done: 'Elevation file valid from {{from}} until {{until}}',
  },
};

export default device;
