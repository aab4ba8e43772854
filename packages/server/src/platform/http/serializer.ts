import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import { z } from 'zod';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';

type Compiler = FastifySerializerCompiler<unknown>;

/**
 * The response serialiser. fastify-type-provider-zod's own checks every answer with zod and then
 * calls JSON.stringify: for a page of ten licences or users that is 3-4 times the cost of the
 * compiled serialiser fastify uses by default (measured: 37 µs against 11 µs for ten users), and
 * on small calls it was a tenth of the server's time. So each route's zod schema is turned into
 * JSON Schema once and compiled by fast-json-stringify: it writes only the declared fields
 * (anything else, e.g. a password hash on a row, is left out as before).
 *
 * The answers' shapes are checked when the server is compiled (the type provider infers each
 * handler's answer from the same schema); with `check` (the tests) zod also checks every answer
 * at run time and both must write the same text, so a contract the compiled serialiser would
 * bend, or a difference between the two, fails a test.
 */
export function responseSerializer({ check }: { check: boolean }): Compiler {
  // Compiled at a route's first answer, not at start: the 150 routes' serialisers were a
  // fifth of the server's own start-up time, and most routes answer nothing in a session.
  return (route) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data) => (serialize ??= compile(route, check))(data);
  };
}

function compile(route: Parameters<Compiler>[0], check: boolean): (data: unknown) => string {
  const zodSerialize = (zodSerializerCompiler as Compiler)(route);
  const fast = compileFast(route.schema);
  if (!fast) return zodSerialize;
  if (!check) return fast;
  return (data) => {
    // zod throws on an answer outside its contract; the two must also write the same text.
    const expected = zodSerialize(data);
    const written = fast(data);
    if (written !== expected) {
      throw new Error(`${route.method} ${route.url}: serialisers differ:\n${written}\n${expected}`);
    }
    return written;
  };
}

function compileFast(schema: unknown): ((data: unknown) => string) | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    const json = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'any',
    });
    return fastJsonStringify(json as Schema);
  } catch {
    // A schema JSON Schema cannot express: zod serialises it, as before.
    return undefined;
  }
}
