import type { FastifyBaseLogger } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type ParentLogger = FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };

/**
 * fastify gives every request a child logger carrying its request id; making it costs about as
 * much as the rest of a small call's hooks, and at the usual `warn` level nothing is ever written
 * with it. This factory hands out a stand-in that makes the real child only when a line at an
 * enabled level is written (or a child of it is asked for), so the lines are the same as before.
 */
export function lazyChildLogger(
  parent: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  opts: object,
): FastifyBaseLogger {
  const p = parent as ParentLogger;
  let real: FastifyBaseLogger | undefined;
  const child = () => (real ??= parent.child(bindings, opts));
  const enabled = (level: Level) => (p.isLevelEnabled ? p.isLevelEnabled(level) : true);
  const write =
    (level: Level) =>
    (...args: unknown[]) => {
      if (real || enabled(level)) (child()[level] as (...a: unknown[]) => void)(...args);
    };
  return {
    get level() {
      return real?.level ?? parent.level;
    },
    set level(value) {
      child().level = value;
    },
    fatal: write('fatal'),
    error: write('error'),
    warn: write('warn'),
    info: write('info'),
    debug: write('debug'),
    trace: write('trace'),
    silent: () => undefined,
    child: (b, o) => child().child(b, o),
  } as FastifyBaseLogger;
}
