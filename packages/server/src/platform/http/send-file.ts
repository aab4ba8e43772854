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
