/**
 * Checks a certificate (.lic) or elevation file (.ele) against the vendor public key and prints
 * its payload. Usage (docs/licence-format.md):
 *
 *   npx tsx packages/server/src/cli/verify-licence.ts <file> [--key pub.pem]
 *       [--fingerprint FP] [--request-id ID] [--installed-serial N] [--device-id ID]
 *
 * The key defaults to $DATA_DIR/keys/vendor-ed25519.pub (DATA_DIR defaults to ./data).
 * Exit status 0 when valid; 1 with the engine code (-12, -13, -31, -84) otherwise.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { errorMessage } from '@edp/shared/errors';
import { ELEVATION_ARMOUR } from '@edp/shared/contracts/licence-file';
import { verifyCertificate, verifyElevation } from '@edp/shared/licence/verify';

function main(argv: string[]): number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      key: { type: 'string' },
      fingerprint: { type: 'string' },
      'request-id': { type: 'string' },
      'installed-serial': { type: 'string' },
      'device-id': { type: 'string' },
    },
  });
  const file = positionals[0];
  if (!file) {
    console.error('usage: verify-licence.ts <file> [--key pub.pem] [--fingerprint FP] …');
    return 2;
  }
  const keyPath =
    values.key ?? path.join(process.env.DATA_DIR ?? './data', 'keys', 'vendor-ed25519.pub');
  const publicKeyPem = fs.readFileSync(keyPath, 'utf8');
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
  const result = text?.includes(`BEGIN ${ELEVATION_ARMOUR}`)
    ? verifyElevation(text, publicKeyPem, {
        deviceId: values['device-id'],
        fingerprint: values.fingerprint,
      })
    : verifyCertificate(text, publicKeyPem, {
        fingerprint: values.fingerprint,
        outstandingRequestIds: values['request-id'] ? [values['request-id']] : undefined,
        installedSerial:
          values['installed-serial'] !== undefined ? Number(values['installed-serial']) : undefined,
      });
  if (!result.ok) {
    console.error(`invalid: errCode ${result.errCode} (${errorMessage(result.errCode, 'en-US')})`);
    return 1;
  }
  console.log(JSON.stringify(result.payload, null, 2));
  console.error('valid');
  return 0;
}

process.exitCode = main(process.argv.slice(2));
