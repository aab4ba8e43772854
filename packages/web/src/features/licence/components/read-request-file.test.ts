import { describe, expect, it } from 'vitest';
import {
  bytesToBase64,
  isRequestFileName,
  readRequestFile,
  requestFilePayload,
} from './read-request-file.ts';

const encode = (text: string) => new TextEncoder().encode(text);

describe('request file reading', () => {
  it('accepts only .dat names', () => {
    expect(isRequestFileName('host-1.dat')).toBe(true);
    expect(isRequestFileName('HOST.DAT')).toBe(true);
    expect(isRequestFileName('host.dat.txt')).toBe(false);
    expect(isRequestFileName('host.lic')).toBe(false);
    expect(isRequestFileName('dat')).toBe(false);
  });

  it('encodes bytes as base64, also beyond one chunk', () => {
    const bytes = new Uint8Array([0, 255, 128, 65, 66]);
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    const big = new Uint8Array(100_000).map((_, i) => i % 251);
    expect(bytesToBase64(big)).toBe(Buffer.from(big).toString('base64'));
  });

  it('sends a console .dat (base64 text) as its text, line breaks removed', async () => {
    const dat = Buffer.from('{"ver":1}').toString('base64');
    expect(requestFilePayload(encode(`${dat}\r\n`))).toBe(dat);
    expect(requestFilePayload(encode(`${dat.slice(0, 4)}\n${dat.slice(4)}`))).toBe(dat);
    expect(await readRequestFile(new Blob([dat]))).toBe(dat);
  });

  it('sends anything else as the base64 of its bytes', () => {
    const bytes = new Uint8Array([0, 1, 2, 250]);
    expect(requestFilePayload(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    expect(requestFilePayload(encode('not base64!'))).toBe(
      Buffer.from('not base64!').toString('base64'),
    );
  });
});
