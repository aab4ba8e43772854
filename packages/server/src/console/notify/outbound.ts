/** How long a gateway or receiver may take to answer before the message counts as not sent. */
export const GATEWAY_TIMEOUT_MS = 10_000;

/** Why an outbound call did not get an answer, or what it answered instead of a 2xx. */
export class OutboundError extends Error {}

/**
 * One call to a tenant's SMS gateway or webhook receiver: no redirects followed, GATEWAY_TIMEOUT_MS
 * at most, and the answer's first 2,000 characters read. A call that got no answer throws
 * OutboundError with the reason (`timeout`, the socket's error code); an answer of any status is
 * returned, for the caller to judge.
 */
export async function callOut(url: string, init: RequestInit) {
  const started = performance.now();
  let res: Response;
  try {
    res = await fetch(url, {
      ...init,
      redirect: 'error',
      signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    throw new OutboundError(
      (err as Error).name === 'TimeoutError' ? 'timeout' : (cause ?? (err as Error).message),
    );
  }
  const text = (await res.text()).slice(0, 2000);
  return { status: res.status, text, ms: Math.round(performance.now() - started) };
}

export const isOk = (status: number) => status >= 200 && status <= 299;
