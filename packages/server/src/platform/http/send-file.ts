import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { resumed, TABLE_FILE_TYPES, type TableFormat } from '../export/index.ts';

/**
 * Sends an export as a download, streamed: `chunks` is read as the client takes it, so a file of
 * any size holds a chunk or so in memory. Its first chunk is read before the 200 is sent, so a
 * refusal or a failing query answers in the envelope; past it, a failure can only cut the
 * download, which the browser reports as failed.
 */
export async function sendFile(
  reply: FastifyReply,
  file: { name: string; format: TableFormat; chunks: AsyncIterator<string | Buffer> },
): Promise<FastifyReply> {
  const first = await file.chunks.next();
  return reply
    .header('Cache-Control', 'no-store')
    .header('Content-Disposition', `attachment; filename="${file.name}"`)
    .type(TABLE_FILE_TYPES[file.format])
    .send(Readable.from(resumed(first, file.chunks)));
}

/**
 * Content-Disposition for a file name a user chose: an ASCII fallback with everything else
 * replaced, and the exact name in RFC 5987's `filename*` (UTF-8, percent-encoded).
 */
export function attachment(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() || 'installer';
  const ascii = base.replace(/[^A-Za-z0-9._ -]/g, '_').slice(0, 200) || 'installer';
  const encoded = encodeURIComponent(base).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
