/**
 * The commands the console shows for getting its reference engine onto a machine and enrolling
 * it (the device centre's "Enrol engines" drawer and the installers page; docs/engines-agent.md,
 * "Getting the engine"). They need a Linux shell and Node 20, nothing else: the engine comes
 * from the console itself (GET /api/agent/engine), never from a package registry, and is run
 * only once its SHA-256 matches the one the console page showed. Each line is joined to the next
 * with `&&`, so pasted into a shell a failed download or check stops everything after it.
 *
 * The browser imports this module: no zod here (the calls module is the browser's projection).
 */
import { engineFile } from './api/engine/agent.calls.ts';
import { API_BASE, type EngineKind } from './constants.ts';

/** The name the commands save the engine under, and the name the console serves it with. */
export const ENGINE_FILE_NAME = 'edp-agent.mjs';

/** Where the service variant keeps the engine file and its state (device token included). */
export const SERVICE_HOME = '/opt/edp-agent';
export const SERVICE_STATE = '/var/lib/edp-agent';
export const SERVICE_UNIT = '/etc/systemd/system/edp-agent.service';

export interface EngineCommandsInput {
  /** The console's address as the user reaches it (window.location.origin in the browser). */
  origin: string;
  /** The group's enrolment secret. */
  secret: string;
  /** The served file's SHA-256 (lower-case hex), as the console page shows it. */
  sha256: string;
  /** The engine kind to enrol as; the engine's default (TDE) when left out. */
  kind?: EngineKind;
}

export interface EngineCommands {
  /** The engine's address on this console. */
  url: string;
  /** Download, check, enrol and run in the foreground, in a folder `edp-agent` of the current one. */
  run: string;
  /** The same as root into /opt/edp-agent, then a systemd unit that runs it at boot. */
  service: string;
}

/** A word as the shell reads it: bare when it is plain, else in single quotes. */
export function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * Downloads `url` into `file` with Node's own fetch (a bare server may have no curl or wget);
 * anything but a 200 leaves no file, prints the console's answer and exits 1.
 */
function download(url: string, file: string): string {
  const script =
    'fetch(process.argv[1]).then(async (r) => { if (!r.ok) throw new Error("HTTP " + r.status + " " + (await r.text())); ' +
    'require("fs").writeFileSync(process.argv[2], Buffer.from(await r.arrayBuffer())); })' +
    '.catch((e) => { console.error("download failed:", e.cause?.message ?? e.message); process.exit(1); })';
  return `node -e '${script}' ${shellWord(url)} ${file}`;
}

/** Prints "<file>: OK" when the file's SHA-256 is `sha256`, else fails. */
function check(sha256: string, file: string): string {
  return `echo '${sha256}  ${file}' | sha256sum -c`;
}

function enrolArgs({ origin, secret, kind }: EngineCommandsInput): string {
  return [
    `--url ${shellWord(origin)}`,
    `--secret ${shellWord(secret)}`,
    ...(kind ? [`--kind ${kind}`] : []),
  ].join(' ');
}

/** The commands of both variants for one group's secret on the console at `origin`. */
export function engineCommands(input: EngineCommandsInput): EngineCommands {
  const origin = input.origin.replace(/\/+$/, '');
  const url = `${origin}${API_BASE}${engineFile.path}`;
  const sha256 = input.sha256.toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error('sha256 must be 64 hex digits');
  const args = enrolArgs({ ...input, origin });
  const file = ENGINE_FILE_NAME;
  const part = `${file}.part`;

  // Fetched under a name of its own and moved into place only once checked: a copy that fails
  // the check never replaces the one a service runs.
  const fetched = [download(url, part), check(sha256, part), `mv ${part} ${file}`];
  const run = [
    'mkdir -p edp-agent && cd edp-agent',
    ...fetched,
    `node ${file} enrol ${args}`,
    `node ${file} run`,
  ].join(' &&\n');

  // The unit names node by the path this shell finds it at (systemd does not search every
  // folder an installation may use); nothing else in it is expanded by the shell.
  const unit = [
    '[Unit]',
    'Description=EDP engine (edp-agent)',
    'Wants=network-online.target',
    'After=network-online.target',
    '',
    '[Service]',
    `ExecStart=$(command -v node) ${SERVICE_HOME}/${file} run --dir ${SERVICE_STATE}`,
    'Restart=on-failure',
    'RestartSec=10',
    // 2 not enrolled, 4 deprecated in the console: restarting cannot help (docs/engines-agent.md,
    // "Stopping"). 3 (token refused) comes from `run --once` only, never from the service: a
    // refused token no longer stops the engine; the unit keeps it out of restarts all the same.
    'RestartPreventExitStatus=2 3 4',
    '',
    '[Install]',
    'WantedBy=multi-user.target',
  ];
  // `<<EOF &&`: the unit's lines follow, and after its EOF the chain goes on.
  const service = [
    [
      `mkdir -p ${SERVICE_HOME} && cd ${SERVICE_HOME}`,
      ...fetched,
      `node ${file} enrol ${args} --dir ${SERVICE_STATE}`,
      `cat > ${SERVICE_UNIT} <<EOF &&`,
    ].join(' &&\n'),
    ...unit,
    'EOF',
    // restart, not start: run again to update, the service picks up the new file and token.
    'systemctl daemon-reload && systemctl enable edp-agent && systemctl restart edp-agent',
  ].join('\n');
  return { url, run, service };
}
