import diagnostics from 'node:diagnostics_channel';
import http from 'node:http';
import net, { type AddressInfo, type LookupFunction } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInternal, outboundClient, OutboundError } from './index.ts';

/**
 * The outbound guard (docs/notifications.md, "Internal addresses") against real sockets on this
 * machine only: every address a test expects to be refused must be refused before a socket is
 * made, which the `net.client.socket` diagnostics channel (published by every net.connect)
 * shows; nothing here ever sends a packet beyond 127.0.0.1.
 */
let server: http.Server;
let port = 0;
const hits: string[] = [];
const sockets: unknown[] = [];
const onSocket = (s: unknown) => sockets.push(s);

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/moved')
      return res
        .writeHead(302, { location: 'https://gateway.example/next?token=abc' })
        .end('moved');
    if (req.url === '/close') res.setHeader('connection', 'close');
    if (req.url === '/big') return res.end('x'.repeat(100_000));
    if (req.url === '/never') return;
    res.writeHead(500, { 'content-type': 'text/plain' }).end('internal secret body');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  diagnostics.subscribe('net.client.socket', onSocket);
});
afterAll(async () => {
  diagnostics.unsubscribe('net.client.socket', onSocket);
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

/** A resolver that answers each name from a table, in turn (a rebinding name changes). */
function lookupFrom(table: Record<string, string[][]>): LookupFunction & { calls: string[] } {
  const calls: string[] = [];
  const fn = ((host: string, _opts: unknown, cb: (e: Error | null, a: unknown) => void) => {
    calls.push(host);
    const answers = table[host];
    const next = answers?.length && answers.length > 1 ? answers.shift()! : answers?.[0];
    if (!next) return cb(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }), []);
    cb(
      null,
      next.map((address) => ({ address, family: net.isIP(address) })),
    );
  }) as unknown as LookupFunction & { calls: string[] };
  fn.calls = calls;
  return fn;
}

const failure = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OutboundError);
  return err as OutboundError;
};

describe('outbound guard', () => {
  it('refuses loopback, private, link-local, metadata and their odd spellings before any socket', async () => {
    const client = outboundClient({ allow: [] });
    const before = { hits: hits.length, sockets: sockets.length };
    for (const host of [
      'localhost',
      'LOCALHOST.',
      'app.localhost',
      '127.0.0.1',
      '2130706433',
      '0x7f.1',
      '0177.0.0.1',
      '127.1',
      '0.0.0.0',
      '[::1]',
      '[::]',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '[64:ff9b::7f00:1]',
      '[2002:7f00:1::]',
      '169.254.169.254',
      '[::ffff:169.254.169.254]',
      '100.100.100.200',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '[fd00:ec2::254]',
      '[fe80::1]',
      '224.0.0.1',
    ]) {
      const err = await failure(client.call(`http://${host}:${port}/x`, { method: 'GET' }));
      expect(err.failure.kind, host).toBe('refused');
      expect(err.message).toBe('refused: internal address');
    }
    expect(hits.length).toBe(before.hits);
    expect(sockets.length).toBe(before.sockets);

    // The connections refuse a literal by themselves too, whoever calls through them.
    for (const host of ['127.0.0.1', '[::ffff:7f00:1]', '169.254.169.254'])
      await expect(
        request(`http://${host}:${port}/`, { dispatcher: client.dispatcher }),
      ).rejects.toThrow(/^refused: internal address/);
    expect(hits.length).toBe(before.hits);
    expect(sockets.length).toBe(before.sockets);
    await client.close();
  });

  it('judges a name by the address it resolves to, at connect time, on every connection', async () => {
    const lookup = lookupFrom({ 'gateway.test': [['127.0.0.1']] });
    const strict = outboundClient({ allow: [], lookup });
    const before = hits.length;
    const err = await failure(strict.call(`http://gateway.test:${port}/`, { method: 'GET' }));
    expect(err.failure).toEqual({ kind: 'refused', host: 'gateway.test' });
    expect(lookup.calls).toEqual(['gateway.test']);
    expect(hits.length).toBe(before);
    await strict.close();

    // The deployment allows 127.0.0.1: the name that resolves to it is reached; then the name
    // resolves to 127.0.0.2 (rebinding) and the next connection is refused.
    const flip = lookupFrom({ 'flip.test': [['127.0.0.1'], ['127.0.0.2']] });
    const allowed = outboundClient({ allow: ['127.0.0.1'], lookup: flip });
    const ok = await allowed.call(`http://flip.test:${port}/close`, { method: 'GET' });
    expect(ok.status).toBe(500);
    const again = await failure(allowed.call(`http://flip.test:${port}/close`, { method: 'GET' }));
    expect(again.failure.kind).toBe('refused');
    expect(flip.calls).toEqual(['flip.test', 'flip.test']);
    await allowed.close();

    // One internal answer among others refuses the name.
    const mixed = outboundClient({
      allow: ['127.0.0.1'],
      lookup: lookupFrom({ 'mixed.test': [['127.0.0.1', '10.1.2.3']] }),
    });
    expect(
      (await failure(mixed.call(`http://mixed.test:${port}/`, { method: 'GET' }))).failure.kind,
    ).toBe('refused');
    await mixed.close();

    // A name the deployment allows is reached whatever it resolves to.
    const named = outboundClient({
      allow: ['Gateway.Test'],
      lookup: lookupFrom({ 'gateway.test': [['127.0.0.1']] }),
    });
    expect((await named.call(`http://gateway.test:${port}/`, { method: 'GET' })).status).toBe(500);
    await named.close();
  });

  it('answers the status and never the body unless asked, and then at most 16 KiB', async () => {
    const client = outboundClient({ allow: ['127.0.0.0/8'] });
    const r = await client.call(`http://127.0.0.1:${port}/`, { method: 'POST', body: 'x' });
    expect(r).toMatchObject({ status: 500, text: '' });
    const big = await client.call(`http://127.0.0.1:${port}/big`, { method: 'GET' }, true);
    expect(big.text.length).toBe(16_384);
    await client.close();
  });

  it('gives the same short reasons whatever the socket said, and names a redirect by its host', async () => {
    const client = outboundClient({ allow: ['127.0.0.1'], timeoutMs: 500 });
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const notHttp = net.createServer((s) => s.end('SSH-2.0-OpenSSH_9.6\r\n'));
    await new Promise<void>((r) => notHttp.listen(0, '127.0.0.1', r));
    const notHttpPort = (notHttp.address() as AddressInfo).port;

    const refused = await failure(client.call(`http://127.0.0.1:${closedPort}/`, {}));
    expect(refused.message).toBe('no answer');
    const garbage = await failure(client.call(`http://127.0.0.1:${notHttpPort}/`, {}));
    expect(garbage.message).toBe('no answer');
    const slow = await failure(client.call(`http://127.0.0.1:${port}/never`, {}));
    expect(slow.message).toBe('timeout');
    const moved = await failure(client.call(`http://127.0.0.1:${port}/moved`, {}));
    expect(moved.failure).toEqual({ kind: 'redirect', host: 'gateway.example' });
    expect(moved.message).toBe('redirect to gateway.example');
    notHttp.close();
    await client.close();
  });

  it('counts only public unicast addresses as outside', () => {
    for (const a of ['8.8.8.8', '2001:4860:4860::8888', '64:ff9b::808:808', '::ffff:8.8.8.8'])
      expect(isInternal(a), a).toBe(false);
    for (const a of ['127.0.0.1', '::1', '100.64.0.1', '198.18.0.1', '::ffff:10.0.0.1', 'nope'])
      expect(isInternal(a), a).toBe(true);
  });
});
