import {
  VERSION_PATTERN,
  INSTALLER_EXTENSIONS,
  MAX_INSTALLER_BYTES,
  installerExtension,
  magicMatches,
} from '@edp/shared/contracts/installer-format';

/** The extensions as people read them: ".rpm, .deb, …". */
export const EXTENSIONS_TEXT = INSTALLER_EXTENSIONS.join(', ');
/** The `accept` of the file picker. */
export const ACCEPT = INSTALLER_EXTENSIONS.join(',');

/** Bytes as people read them (1024-based). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export const MAX_SIZE_TEXT = formatSize(MAX_INSTALLER_BYTES);

export type FileProblem = 'badExtension' | 'tooBig' | 'badFormat';

/**
 * What the server would refuse in a file, checked before any byte is sent: the extension, the
 * size and the first bytes of its format (the same rules, contracts/installer-format.ts).
 */
export async function fileProblem(file: Blob & { name: string }): Promise<FileProblem | null> {
  const ext = installerExtension(file.name);
  if (!ext) return 'badExtension';
  if (file.size > MAX_INSTALLER_BYTES) return 'tooBig';
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return magicMatches(ext, head) ? null : 'badFormat';
}

/** The file's bytes as base64, as the upload call takes them. */
export function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** The command that installs a file of this name on the machine it is for. */
export function installCommand(fileName: string): string {
  const ext = installerExtension(fileName);
  const quoted = /^[\w.+-]+$/.test(fileName) ? fileName : `"${fileName.replace(/"/g, '')}"`;
  switch (ext) {
    case '.rpm':
      return `sudo rpm -Uvh ${quoted}`;
    case '.deb':
      return `sudo dpkg -i ${quoted}`;
    case '.tar.gz':
    case '.tgz':
      return `tar -xzf ${quoted}`;
    case '.zip':
      return `unzip ${quoted}`;
    case '.msi':
      return `msiexec /i ${quoted}`;
    default:
      return `.\\${quoted}`;
  }
}

/** Windows installers are checked and installed in PowerShell, the others in a Linux shell. */
export function isWindowsInstaller(fileName: string): boolean {
  const ext = installerExtension(fileName);
  return ext === '.exe' || ext === '.msi';
}

/**
 * Checks a downloaded installer against the SHA-256 the list shows, then installs it; a file
 * that does not match is not installed.
 */
export function checkAndInstallCommands(fileName: string, sha256: string): string {
  const install = installCommand(fileName);
  if (isWindowsInstaller(fileName)) {
    const path = `'${fileName.replace(/'/g, "''")}'`;
    return [
      `if ((Get-FileHash -Algorithm SHA256 ${path}).Hash -eq '${sha256.toUpperCase()}') {`,
      `  ${install}`,
      `} else { Write-Error 'SHA-256 mismatch: download the installer again' }`,
    ].join('\n');
  }
  return `echo '${sha256}  ${fileName.replace(/'/g, `'\\''`)}' | sha256sum -c &&\n${install}`;
}

/**
 * The name and version a package's file name carries, as Debian, RPM and most installers are
 * named: `edp-agent_1.0.0_amd64.deb`, `edp-agent-1.2.3-1.x86_64.rpm`, `edp-agent-2.0.1.zip`.
 * Undefined when the name holds no version.
 */
export function nameAndVersionOf(fileName: string): { name: string; version: string } | undefined {
  const ext = installerExtension(fileName);
  const base = ext ? fileName.slice(0, -ext.length) : fileName;
  const found = /^(.+?)[_-]v?(\d+(?:\.\d+){1,3})(?=$|[-_.+~])/.exec(base);
  if (!found) return undefined;
  const [, name, version] = found as unknown as [string, string, string];
  return VERSION_PATTERN.test(version) ? { name, version } : undefined;
}
