import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import * as age from 'age-encryption';
import { createSimulator, simulatedDataKey } from './simulator.ts';
import { startFakeConsole, type FakeConsole } from './test/fake-console.ts';

let fake: FakeConsole;
afterEach(async () => fake?.close());

describe('simulator', () => {
  it('answers tde.rotate cheaply: a new key, escrowed at once to the key the command carries', async () => {
    fake = await startFakeConsole({ interval: 1 });
    const identity = await age.generateX25519Identity();
    fake.escrowKey = { id: randomUUID(), recipient: await age.identityToRecipient(identity) };
    const command = {
      id: randomUUID(),
      type: 'tde.rotate',
      args: { escrow: fake.escrowKey },
      deadline: Date.now() + 60_000,
    };
    // The first check-in's answer carries the command (and the escrow key, as ever).
    fake.next.push({ kind: 'ok', commands: [command] });
    const summary = await createSimulator({
      url: fake.url,
      secret: fake.secret,
      count: 1,
      interval: 1,
      durationSeconds: 2.5,
      offlineShare: 0,
      push: false,
      escrow: true,
      seed: 'rotate-test',
      log: () => {},
    }).run();
    expect(fake.invalid).toEqual([]);
    expect(summary.commands.received).toBeGreaterThanOrEqual(1);
    expect(fake.results.find((r) => r.id === command.id)).toMatchObject({ code: 0 });
    const old = simulatedDataKey('rotate-test', 0).id;
    const sent = [...new Set(fake.escrowed.map((k) => k.id))];
    // The rotated key, not the seeded one, is escrowed and listed.
    const rotated = sent.find((id) => id !== old)!;
    expect(rotated).toMatch(/^[0-9a-f]{16}$/);
    expect(fake.checkIns.at(-1)!.state.keys).toEqual([{ id: rotated, escrow: fake.escrowKey.id }]);
  });
});
