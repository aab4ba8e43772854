import type zh from '../zh-CN/admin-installers.lazy.ts';
import type { DeepString } from '../types.ts';

const adminInstallers: DeepString<typeof zh> = {
  upload: 'Upload installer',
  readOnly:
    'Your role is read-only: you can view and download installers, not upload or delete them.',
  filters: {
    keyword: 'Name, version or system version',
    kind: 'Product type',
    allKinds: 'All product types',
  },
  columns: {
    name: 'Name',
    version: 'Version',
    kind: 'Product type',
    systemVersion: 'System version',
    size: 'Size',
    sha256: 'SHA-256',
    uploader: 'Uploaded by',
    createdAt: 'Uploaded',
    description: 'Description',
  },
  copied: 'Copied',
  download: 'Download',
  downloadLabel: 'Download {{name}}',
  empty: 'No installers yet. Upload one first.',
  emptyFiltered: 'No installers match the filters.',
  form: {
    title: 'Upload installer',
    file: 'Installer file',
    pick: 'Choose file',
    fileHint: '{{extensions}}, at most {{size}}.',
    fileRequired: 'Please choose an installer file',
    badExtension: 'Illegal extension; only {{extensions}} are accepted',
    tooBig: 'The file must be at most {{size}}',
    badFormat: 'The file is not in the format its extension names',
    name: 'Name',
    version: 'Version',
    versionInvalid: 'Please enter a version number such as 1.2.3',
    kind: 'Product type',
    systemVersion: 'System version',
    systemVersionHint: 'e.g. CentOS 7, Ubuntu 22.04, Windows 10',
    description: 'Description',
    required: 'Please enter the {{field}}',
  },
  enrol: {
    title: 'Install and enrol an engine',
    intro:
      "Choose an installer and a group, then run these commands on the machine: install first, then enrol with the group's enrolment secret.",
    installer: 'Installer',
    pickInstaller: 'Please choose an installer',
    group: 'Group',
    pickGroup: 'Please choose the group the engine joins',
    command: 'Install and enrol commands',
  },
};

export default adminInstallers;
