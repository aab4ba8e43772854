import type zh from '../zh-CN/admin-licences.lazy.ts';

/** Activation and renewal, and the licence view (issue 24). */
const adminLicences: typeof zh = {
  steps: {
    title: 'Activation and renewal',
    request: 'Download the request file',
    requestActivate: 'Download activation request',
    requestRenew: 'Download renewal request',
    requestDesc:
      'The console asks the engine for its hardware fingerprint and the serial of its license, and makes the request file (.dat) of them.',
    portal: "Upload it to the vendor's portal",
    portalDesc:
      "On the vendor's portal, under My license, upload the request file and confirm the months.",
    openPortal: 'Open My license on the portal',
    certificate: 'Download the certificate',
    certificateDesc: 'The portal signs a license certificate (.lic); download it.',
    upload: 'Upload the certificate',
    uploadDesc:
      "The console checks the certificate with the vendor's key, hands it to the engine to install and shows the engine's answer.",
    chooseFile: 'Choose the certificate (.lic)',
    months: 'Months',
    monthsUnit: 'months',
    made: 'Request made {{time}} by {{by}} ({{months}} months); waiting for its certificate.',
    saved: 'Downloaded {{name}}',
    installed:
      'The engine installed license {{code}} (serial {{serial}}), valid until {{expires}}.',
    refused: 'Not installed: {{message}}',
    readOnly:
      "Your role can only look; making requests and uploading certificates needs the security operator's write permission.",
    notRunning: 'The device is deprecated; it can no longer be activated or renewed.',
  },
  records: {
    title: 'Renewal records',
    outstanding: 'Requests waiting for a certificate',
    empty: 'Nothing installed yet',
    at: 'Time',
    by: 'By',
    purpose: 'Kind',
    code: 'License code',
    serial: 'Serial',
    expires: 'Expires',
    task: 'Batch task',
    requestId: 'Request',
  },
  purpose: { activate: 'Activation', renew: 'Renewal' },
  state: { none: 'None', normal: 'Normal', expiring: 'Expiring soon', expired: 'Expired' },
  days: {
    left_one: '{{count}} day',
    left_other: '{{count}} days',
    expiredToday: 'Expired today',
    expired_one: 'Expired {{count}} day ago',
    expired_other: 'Expired {{count}} days ago',
  },
  list: {
    intro:
      "Every running device's license in the tenant; expired ones and those ending within 30 days first.",
    keyword: 'Device name, number or IP',
    allStates: 'All states',
    device: 'Device',
    group: 'Group',
    kind: 'Engine kind',
    code: 'License code',
    serial: 'Serial',
    expires: 'Expires',
    daysLeft: 'Days left',
    state: 'State',
    selected: '{{count}} selected',
    download: 'Download request files',
    upload: 'Upload certificates',
    months: 'Months',
    archiveSaved:
      'Downloaded {{count}} request files ({{name}}). Upload this zip under My license on the portal to have them issued together; upload the zip of certificates it gives back here as it is.',
    archiveSkipped: '{{names}} never reported a hardware fingerprint: no request file.',
    uploadTitle: 'Certificates uploaded',
    accepted_one: '{{count}} certificate passed the checks and is on its way to its engine:',
    accepted_other: '{{count}} certificates passed the checks and are on their way to the engines:',
    openTask: 'Open the task',
    refusedTitle_one: '{{count}} certificate refused',
    refusedTitle_other: '{{count}} certificates refused',
    noneAccepted: 'No certificate could be installed.',
    empty: 'No device matches',
  },
};
export default adminLicences;
