import type { TEngineIdentity, TEngineStateInput } from '@edp/shared/contracts/engine';
import { verifyCertificate } from '@edp/shared/licence/verify';
import { Code } from './codes.ts';

/**
 * The licence commands as a simulated engine answers them (docs/engines-agent.md "Simulator"):
 * the request's facts from its identity and held licence; an install checked as the reference
 * engine checks it, with the vendor key the simulator was given, which changes the state its
 * next check-in reports (activation, licence).
 */
type Answer = { code: number; message: string; detail?: Record<string, unknown> };

const validSerial = (state: TEngineStateInput, now: number) =>
  state.licence && new Date(state.licence.expiresAt as Date).getTime() > now
    ? state.licence.serial
    : 0;

export function simulatedLicence(
  type: string,
  args: Record<string, unknown>,
  engine: { identity: TEngineIdentity; state: TEngineStateInput },
  vendorKey: string | undefined,
  now = Date.now(),
): Answer | undefined {
  const { identity, state } = engine;
  if (type === 'licence.request') {
    return {
      code: 0,
      message: 'Success',
      detail: {
        fingerprint: identity.fingerprint,
        kind: identity.kind,
        installedSerial: validSerial(state, now),
      },
    };
  }
  if (type !== 'licence.install') return undefined;
  if (!vendorKey) return { code: Code.EnvironmentMissing, message: 'no vendor public key' };
  const checked = verifyCertificate(
    typeof args.certificate === 'string' ? args.certificate : undefined,
    vendorKey,
    {
      fingerprint: identity.fingerprint,
      installedSerial: validSerial(state, now) || undefined,
      now,
    },
  );
  if (!checked.ok) return { code: checked.errCode, message: 'certificate refused' };
  const p = checked.payload;
  state.licence = { code: p.licenseCode, serial: p.serial, expiresAt: new Date(p.expiresAt) };
  state.activation = 'active';
  return {
    code: 0,
    message: 'Success',
    detail: {
      licenseCode: p.licenseCode,
      serial: p.serial,
      kind: p.kind,
      expiresAt: new Date(p.expiresAt).toISOString(),
    },
  };
}
