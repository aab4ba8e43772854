import type zh from '../zh-CN/licence.lazy.ts';
import type { DeepString } from '../types.ts';

const licence: DeepString<typeof zh> = {
  upload: 'Upload request',
  uploadHint:
    'Upload the license request file (.dat) your console made for a device, then confirm to issue a license.',
  onlyDat: 'Only .dat files can be uploaded',
  statusFilter: 'Filter by status',
  empty: 'No licenses yet. Upload a request file to issue the first one.',
  columns: {
    code: 'License code',
    kind: 'Engine kind',
    status: 'Status',
    expiresAt: 'Expires',
    remainingDays: 'Days left',
    devices: 'Devices used / allowed',
    actions: 'Actions',
  },
  records: 'Renewal records',
  download: 'Download certificate',
  downloadOf: 'Download the certificate of {{code}}',
  recordsOf: 'Renewal records: {{code}}',
  sub: {
    title: 'Sub-licenses',
    deviceId: 'Device ID',
    name: 'Device name',
    fingerprint: 'Fingerprint',
    empty: 'No sub-licenses',
  },
  issue: {
    title: 'Issue a license',
    resultTitle: 'License issued',
    device: 'Device',
    deviceName: 'Device name',
    kind: 'Engine kind',
    fingerprint: 'Fingerprint',
    installedSerial: 'Installed license serial',
    monthsAsked: 'Months asked',
    months: 'Months to issue',
    monthsHint: '1-120 months; each month costs one month of balance',
    cost: 'Cost',
    balance: 'Current balance',
    balanceAfter: 'Balance afterwards',
    confirm: 'Issue license',
    alreadyIssued:
      'A license was already issued for this request. Download it again; nothing is deducted.',
    lowBalance: 'Balance too low: {{cost}} months needed, {{balance}} months available.',
    toRecharge: 'Recharge',
    expiresAt: 'Expires',
    serial: 'License serial',
    newBalance: 'Balance now',
    download: 'Download license',
    resultHint: 'Download the license file and import it in your console to activate the engine.',
  },
};

export default licence;
