import type zh from '../zh-CN/portal.lazy.ts';
import type { DeepString } from '../types.ts';

const portal: DeepString<typeof zh> = {
  status: {
    normal: 'Normal',
    expiring: 'About to expire',
    expired: 'Expired',
    unlicensed: 'Unlicensed',
    all: 'All statuses',
  },
  kinds: {
    TDE: 'Data encryption',
    DI: 'Data integrity',
    DPI: 'Data and program integrity',
    PWE: 'Access-control encryption (PWE)',
    PWO: 'Access-control encryption (PWO)',
  },
  records: {
    createdAt: 'Issued at',
    type: 'Type',
    licence: 'License',
    renewal: 'License renewal',
    elevation: 'Elevation file',
    licenseCode: 'License code',
    deviceId: 'Device ID',
    kind: 'Engine kind',
    serial: 'Serial',
    months: 'Months',
    cost: 'Cost (months)',
    validFrom: 'Valid from',
    validUntil: 'Valid until',
    download: 'Download',
    downloadFile: 'Download {{name}}',
    downloaded: 'Downloaded {{name}}',
    empty: 'No issue records yet',
  },
  units: {
    months: '{{count}} months',
    days: '{{count}} days',
  },
  actions: {
    search: 'Search',
    reset: 'Reset',
    refresh: 'Refresh',
    back: 'Back',
    close: 'Close',
  },
  total: '{{total}} in total',
};

export default portal;
