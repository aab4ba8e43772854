import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZEnvelope } from '@edp/shared/contracts/common';
import { CommonErr } from '@edp/shared/errors';
import { envelopePlugin } from './envelope.ts';
import { i18nPlugin } from './i18n.ts';
import { responseSerializer } from './serializer.ts';
import { AppError } from '../errors/app-error.ts';
import { answerCache } from '../cache/answer-cache.ts';
import { sendKept } from './kept-answer.ts';

/** A real Fastify app with the envelope, the languages and the checking serialiser. */
describe('sendKept from an answerCache', () => {
  let app: FastifyInstance;
  let clock = 1_000_000;
  let loads = 0;
  let value = 'first';
  let stableFor = Infinity;
  const cache = answerCache({ max: 10, ttlMs: 5_000, now: () => clock });

  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializer({ check: true }));
    await app.register(i18nPlugin);
    await app.register(envelopePlugin);
    app.withTypeProvider<ZodTypeProvider>().post(
      '/page',
      {
        schema: {
          body: z.object({ owner: z.string(), fail: z.boolean().optional() }),
          response: { 200: ZEnvelope(z.object({ value: z.string() })) },
        },
      },
      async (req, reply) =>
        sendKept(reply, cache, req.body.owner, 'page-1', async () => {
          loads++;
          if (req.body.fail) throw new AppError(CommonErr.NotFound);
          return { data: { value }, stableUntil: clock + stableFor };
        }),
    );
    await app.ready();
  });
  afterAll(() => app.close());
  beforeEach(() => {
    cache.changed('a');
    cache.changed('b');
    loads = 0;
    value = 'first';
    stableFor = Infinity;
  });

  const ask = async (owner: string, lang = 'zh-CN', fail = false) => {
    const res = await app.inject({
      method: 'POST',
      url: '/page',
      headers: { 'accept-language': lang },
      payload: { owner, fail },
    });
    return { res, body: res.json() as { success: boolean; msg: string; data?: { value: string } } };
  };

  it('sends the kept bytes again, as JSON, per owner and language', async () => {
    const first = await ask('a');
    const again = await ask('a');
    expect(first.body).toEqual({
      success: true,
      errCode: 0,
      msg: '操作成功',
      data: { value: 'first' },
    });
    expect(again.res.body).toBe(first.res.body);
    expect(again.res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.res.headers['content-language']).toBe('zh-CN');
    expect(loads).toBe(1);

    value = 'second';
    expect((await ask('a', 'en-US')).body).toMatchObject({
      msg: 'Success',
      data: { value: 'second' },
    });
    expect((await ask('b')).body.data!.value).toBe('second');
    expect((await ask('a')).body.data!.value).toBe('first');
    expect(loads).toBe(3);
  });

  it("forgets only the changed owner's answers", async () => {
    await ask('a');
    await ask('b');
    value = 'changed';
    cache.changed('a');
    expect((await ask('a')).body.data!.value).toBe('changed');
    expect((await ask('b')).body.data!.value).toBe('first');
  });

  it('keeps an answer until it could change, and never past the TTL', async () => {
    stableFor = 100;
    await ask('a');
    value = 'later';
    clock += 99;
    expect((await ask('a')).body.data!.value).toBe('first');
    stableFor = Infinity; // the next load is stable: only the TTL ends it
    clock += 1;
    expect((await ask('a')).body.data!.value).toBe('later');

    value = 'much later';
    clock += 4_999;
    expect((await ask('a')).body.data!.value).toBe('later');
    clock += 1;
    expect((await ask('a')).body.data!.value).toBe('much later');
  });

  it('keeps no failure: the error goes out in the envelope and the next call loads again', async () => {
    const failed = await ask('a', 'en-US', true);
    expect(failed.res.statusCode).toBe(404);
    expect(failed.body.success).toBe(false);
    expect((await ask('a')).body.data!.value).toBe('first');
    expect(loads).toBe(2);
  });
});
