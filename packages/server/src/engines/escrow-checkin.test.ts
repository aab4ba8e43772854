import { describe, expect, it } from 'vitest';
import type { TEscrowKey, TEscrowRequest } from '@edp/shared/contracts/agent';
import { ZEngineState, type TEngineStateInput } from '@edp/shared/contracts/engine';
import type { CommandQueue } from './command-queue.ts';
import type { EngineAuthCache } from './engine-auth.ts';
import type { DeviceAuth, EngineDevice, EngineEvents } from './engine-events.ts';
import { engineService, stateDigest } from './engine-service.ts';
import { presenceStore } from './presence.ts';

/**
 * The engines' side of escrow (docs/keys.md "Escrow"): a check-in answers the tenant's escrow
 * key when the state lists a data key not escrowed under it, and asks the console nothing when
 * the state lists none. The console's side (`escrowKey`, `escrowed`) is played here; the real
 * one is tested with the console's key pages (console/keys) and the real engine
 * (packages/agent/src/real-escrow.test.ts).
 */
const TENANT = '0b7c9c52-3a43-4c1e-9c1b-111111111111';
const CURRENT: TEscrowKey = {
  id: '7d4f6c1e-2b1a-4c3d-8e5f-222222222222',
  recipient: 'age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p',
};
const OLD = '7d4f6c1e-2b1a-4c3d-8e5f-333333333333';

function setUp(escrowKey: TEscrowKey | null = CURRENT) {
  let now = Date.parse('2026-11-29T08:00:00Z');
  const asked: string[] = [];
  const kept: { device: EngineDevice; keys: TEscrowRequest['keys']; at: Date }[] = [];
  const events = {
    stateChanged: async () => true,
    changed: () => undefined,
    escrowKey: async (tenantId: string) => {
      asked.push(tenantId);
      return escrowKey;
    },
    escrowed: async (device: EngineDevice, keys: TEscrowRequest['keys'], at: Date) => {
      kept.push({ device, keys, at });
      // As the console does: only those wrapped to the current key are held.
      return keys.filter((k) => k.escrow === escrowKey?.id).map((k) => k.id);
    },
  } as unknown as EngineEvents;
  const commands = { results: async () => [], open: async () => [] } as unknown as CommandQueue;
  const counter = { inc: () => undefined };
  const service = engineService({
    auth: { evict: () => undefined } as unknown as EngineAuthCache,
    presence: presenceStore({ refreshMs: 60_000 }),
    commands,
    clock: () => now,
    events,
    metrics: { checkIns: counter, enrolments: counter } as never,
    intervalS: 30,
    upSince: now - 60_000,
    vendorKey: '',
  });
  const device: DeviceAuth = {
    deviceId: 'd-1',
    tenantId: TENANT,
    status: 'running',
    stateDigest: null,
    intervalS: 30,
    storedSeenAt: null,
  };
  /** A check-in two seconds after the last (the console refuses them closer than a second). */
  const checkIn = (over: Partial<TEngineStateInput> = {}) => {
    now += 2_000;
    const state = ZEngineState.parse({
      install: 'installed',
      detection: 'ok',
      activation: 'active',
      version: '1.2.0',
      ...over,
    });
    return service.checkIn(device, state);
  };
  return { service, device, checkIn, asked, kept, now: () => now };
}

describe('escrow at check-in', () => {
  it('asks nothing when the state lists no key, and answers no escrow', async () => {
    const { checkIn, asked } = setUp();
    const answer = await checkIn();
    expect(answer.escrow).toBeUndefined();
    expect(await checkIn({ keys: [] })).not.toHaveProperty('escrow');
    expect(asked).toEqual([]);
  });

  it('answers the current escrow key for a key not escrowed, or escrowed under an older one', async () => {
    const { checkIn, asked } = setUp();
    expect((await checkIn({ keys: [{ id: 'a1b2c3d4e5f60718', escrow: null }] })).escrow).toEqual(
      CURRENT,
    );
    expect((await checkIn({ keys: [{ id: 'a1b2c3d4e5f60718', escrow: OLD }] })).escrow).toEqual(
      CURRENT,
    );
    // One of two keys behind is enough.
    const two = await checkIn({
      keys: [
        { id: 'a1b2c3d4e5f60718', escrow: CURRENT.id },
        { id: '0011223344556677', escrow: null },
      ],
    });
    expect(two.escrow).toEqual(CURRENT);
    expect(asked).toEqual([TENANT, TENANT, TENANT]);
  });

  it('answers no escrow once every key is escrowed under the current key', async () => {
    const { checkIn } = setUp();
    const answer = await checkIn({ keys: [{ id: 'a1b2c3d4e5f60718', escrow: CURRENT.id }] });
    expect(answer).not.toHaveProperty('escrow');
    expect(answer).toMatchObject({ interval: 30, commands: [], acknowledged: [] });
  });

  it('answers no escrow before the tenant has keys', async () => {
    const { checkIn, asked } = setUp(null);
    const answer = await checkIn({ keys: [{ id: 'a1b2c3d4e5f60718', escrow: null }] });
    expect(answer).not.toHaveProperty('escrow');
    expect(asked).toEqual([TENANT]);
  });

  it('hands the wrapped keys to the console with its device and time, and answers its ids', async () => {
    const { service, device, kept, now } = setUp();
    const wrapped = '-----BEGIN AGE ENCRYPTED FILE-----\nabc\n-----END AGE ENCRYPTED FILE-----\n';
    const answer = await service.escrowed(device, [
      { id: 'a1b2c3d4e5f60718', escrow: CURRENT.id, wrapped },
      { id: '0011223344556677', escrow: OLD, wrapped },
    ]);
    expect(answer).toEqual({ acknowledged: ['a1b2c3d4e5f60718'] });
    expect(kept).toHaveLength(1);
    expect(kept[0]!.device).toMatchObject({ deviceId: 'd-1', tenantId: TENANT });
    expect(kept[0]!.at.getTime()).toBe(now());
  });

  it('changes the state digest when a key is made, not when it is escrowed', () => {
    const base = { install: 'installed', detection: 'ok', activation: 'active', version: '1' };
    const none = stateDigest(ZEngineState.parse(base));
    const keyed = stateDigest(
      ZEngineState.parse({ ...base, keys: [{ id: 'a1b2c3d4e5f60718', escrow: null }] }),
    );
    const escrowed = stateDigest(
      ZEngineState.parse({ ...base, keys: [{ id: 'a1b2c3d4e5f60718', escrow: CURRENT.id }] }),
    );
    // A key made is a changed state the console writes (its device's keys); the key escrowed is
    // not: the console knows it already, and 100,000 engines escrowing must not each write their
    // state again (bench/escrow.mjs).
    expect(keyed).not.toBe(none);
    expect(escrowed).toBe(keyed);
  });
});
