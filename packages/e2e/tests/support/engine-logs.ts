import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { uniq, type ConsoleAccounts } from './admin.ts';
import { groupWithSecret } from './fleet.ts';

/** An engine enrolled through the protocol, with the numbering of the events it sent so far. */
export interface LoggingEngine {
  id: string;
  name: string;
  token: string;
  seq: number;
}

/** An event as an engine reports it (POST /api/agent/logs), without its sequence number. */
export type LogEvent =
  | {
      kind: 'access';
      outcome: 'allowed' | 'denied';
      operation: string;
      program: string;
      user: string;
      path: string;
    }
  | { kind: 'dpi'; change: 'altered' | 'added' | 'deleted'; path: string; sha256?: string }
  | { kind: 'tde'; change: string; path: string };

/**
 * A group with DPI engines enrolled in it through `/api/agent/enrol` (seeding: the engines' side
 * is the server's tests' and the reference engine's subject), with the duties' sessions.
 */
export async function loggingFleet(
  request: APIRequestContext,
  accounts: ConsoleAccounts,
  count: number,
) {
  const fleet = await groupWithSecret(request, accounts);
  const engines: LoggingEngine[] = [];
  for (let i = 0; i < count; i++) {
    const name = uniq('dpi');
    const res = await request.post('/api/agent/enrol', {
      data: {
        secret: fleet.secret,
        identity: {
          name,
          ip: `10.8.0.${i + 10}`,
          systemType: 'Linux',
          version: '1.2.0',
          kind: 'DPI',
          fingerprint: randomBytes(32).toString('hex'),
        },
        state: { install: 'installed', detection: 'ok', activation: 'active', version: '1.2.0' },
      },
    });
    const body = (await res.json()) as { data: { deviceId: string; token: string } };
    engines.push({ id: body.data.deviceId, name, token: body.data.token, seq: 0 });
  }
  return { ...fleet, engines };
}

/**
 * Sends `events` as one batch of `engine`'s stream, `secondsAgo` apart from now back (the newest
 * last), and checks the console acked them all.
 */
export async function sendLogs(
  request: APIRequestContext,
  engine: LoggingEngine,
  events: LogEvent[],
) {
  const now = Date.now();
  const entries = events.map((e, i) => ({
    seq: engine.seq + i + 1,
    at: new Date(now - (events.length - i) * 1000).toISOString(),
    ...e,
  }));
  const res = await request.post('/api/agent/logs', {
    data: { stream: 'e2e', held: engine.seq + 1, entries },
    headers: { Authorization: `Bearer ${engine.token}` },
  });
  const body = (await res.json()) as { success: boolean; msg: string; data: { acked: number } };
  expect(body.success, body.msg).toBe(true);
  engine.seq += events.length;
  expect(body.data.acked).toBe(engine.seq);
}

/** `n` allowed reads of numbered files, by one program and user. */
export const reads = (n: number, dir = '/srv/finance'): LogEvent[] =>
  Array.from({ length: n }, (_, i) => ({
    kind: 'access',
    outcome: 'allowed',
    operation: 'read',
    program: '/usr/bin/cat',
    user: 'alice',
    path: `${dir}/report-${i + 1}.xlsx`,
  }));

/** `n` altered files of a DPI folder. */
export const alters = (n: number, dir = '/etc/app'): LogEvent[] =>
  Array.from({ length: n }, (_, i) => ({
    kind: 'dpi',
    change: 'altered',
    path: `${dir}/conf-${i + 1}.yml`,
    sha256: 'ab'.repeat(32),
  }));
