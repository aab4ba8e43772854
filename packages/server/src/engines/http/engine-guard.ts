import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AgentErr } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import type { Guard } from '../../platform/http/index.ts';
import { bearerToken, tokenHash } from '../device-token.ts';
import type { EngineAuthCache } from '../engine-auth.ts';
import type { DeviceAuth } from '../engine-events.ts';

const devices = new WeakMap<FastifyRequest, DeviceAuth>();

/**
 * The guard of engine calls: the device token of `Authorization: Bearer …`, never a user
 * session or cookie. Engines send no Accept-Language; their answers are in English, for logs.
 */
export function engineGuard(auth: EngineAuthCache): Guard {
  const admit: onRequestAsyncHookHandler = async (req) => {
    req.locale = 'en-US';
    const token = bearerToken(req.headers.authorization);
    const device = token ? await auth.get(tokenHash(token)) : undefined;
    if (!device) throw new AppError(AgentErr.TokenInvalid);
    if (device.status !== 'running') throw new AppError(AgentErr.DeviceDeprecated);
    devices.set(req, device);
  };
  return { onRequest: [admit] };
}

/** The device admitted by `engineGuard`. */
export function deviceOf(req: FastifyRequest): DeviceAuth {
  const device = devices.get(req);
  if (!device) throw new AppError(AgentErr.TokenInvalid);
  return device;
}
