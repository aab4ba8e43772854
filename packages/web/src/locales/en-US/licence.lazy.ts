import type zh from '../zh-CN/licence.lazy.ts';
import type { DeepString } from '../types.ts';

const licence: DeepString<typeof zh> = {
  upload: 'Upload request',
  uploadHint:
    'Upload the licence request file (.dat) your console made for a device, then confirm to issue a licence.',
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
    title: 'Sub-licences',
    deviceId: 'Device ID',
    name: 'Device name',
    fingerprint: 'Fingerprint',
    empty: 'No sub-licences',
  },
  issue: {
    title: 'Issue a licence',
    resultTitle: 'Licence issued',
    device: 'Device',
    deviceName: 'Device name',
    kind: 'Engine kind',
    fingerprint: 'Fingerprint',
    installedSerial: 'Installed licence serial',
    monthsAsked: 'Months asked',
    months: 'Months to issue',
    monthsHint: '1-120 months; each month costs one month of balance',
    cost: 'Cost',
    balance: 'Current balance',
    balanceAfter: 'Balance afterwards',
    confirm: 'Issue licence',
    alreadyIssued:
      'A licence was already issued for this request. Download it again; nothing is deducted.',
    lowBalance: 'Balance too low: {{cost}} months needed, {{balance}} months available.',
    toRecharge: 'Recharge',
    expiresAt: 'Expires',
    serial: 'Licence serial',
    newBalance: 'Balance now',
    download: 'Download licence',
    resultHint: 'Download the licence file and import it in your console to activate the engine.',
  },
};

export default licence;
