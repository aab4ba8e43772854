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
  released: {
    title: 'Versions released by the vendor',
    intro:
      'The engine versions the vendor has released, newest first, with their release notes: get their installers from the vendor and upload them here.',
    releasedAt: 'Released',
    notes: 'Release notes',
    empty: 'The vendor has released no version yet',
    loadFailed: "The vendor's versions could not be loaded",
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
  where:
    'Installers are downloaded from this console: each with the Download button of its row (signed in), checked against the SHA-256 the list shows. The engine that enrols with this console comes from it too; the commands that fetch and enrol it are under "Install and enrol an engine" below.',
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
    choose: 'Please choose the {{field}}',
    required: 'Please enter the {{field}}',
  },
  enrol: {
    title: 'Install and enrol an engine',
    intro:
      "Choose an installer and a group. Then, on the machine: download, check and install the installer, and get this console's engine and enrol it with the group's enrolment secret.",
    installer: 'Installer',
    pickInstaller: 'Please choose an installer',
    group: 'Group',
    pickGroup: 'Please choose the group the engine joins',
    install: 'Check and install the installer',
    whereToGet:
      'Download {{file}} with the Download button of its row in the list above (you must be signed in), copy it to the machine, and run these commands in its folder there: they check it against the SHA-256 in the list and install it only if it matches.',
    command: 'Get the engine and enrol it',
  },
};

export default adminInstallers;
