#!/usr/bin/env -S npx tsx
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { ENGINE_KINDS, type EngineKind } from '@edp/shared/constants';
import { makeLicenceRequest } from './licence-request.ts';

const usage = `Usage: edp-agent request --kind <${ENGINE_KINDS.join('|')}> --device <id> --months <1-120>
                         [--name <device name>] [--fingerprint <hex>] [--serial <installed>] [--out <file.dat>]

Writes a licence request file (.dat) for one device, as the management console does, to --out
or standard output. Upload it in the customer portal under "My license".`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

const [command, ...rest] = process.argv.slice(2);
if (command !== 'request') fail(command ? `Unknown command: ${command}` : 'No command given.');

const { values } = parseArgs({
  args: rest,
  options: {
    kind: { type: 'string' },
    device: { type: 'string' },
    months: { type: 'string' },
    name: { type: 'string' },
    fingerprint: { type: 'string' },
    serial: { type: 'string' },
    out: { type: 'string' },
  },
  strict: true,
});

const kind = values.kind?.toUpperCase();
if (!kind || !(ENGINE_KINDS as readonly string[]).includes(kind))
  fail('--kind must be one of ' + ENGINE_KINDS.join(', '));
if (!values.device) fail('--device is required');
const months = Number(values.months);
if (!Number.isInteger(months) || months < 1 || months > 120)
  fail('--months must be a whole number from 1 to 120');

const { request, file } = makeLicenceRequest({
  kind: kind as EngineKind,
  deviceId: values.device,
  months,
  name: values.name,
  fingerprint: values.fingerprint,
  installedSerial: values.serial ? Number(values.serial) : 0,
});
if (values.out) {
  fs.writeFileSync(values.out, file);
  console.error(
    `Wrote ${values.out}: ${request.kind} for ${request.deviceId}, ${months} months, request ${request.requestId}`,
  );
} else {
  process.stdout.write(file);
}
