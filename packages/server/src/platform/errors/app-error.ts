import { errorStatus } from '@edp/shared/errors';

/**
 * An expected failure: the envelope carries `code` and its localised message; the HTTP status
 * comes from the catalogue. `params` fill the message's `{placeholders}`.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: number,
    readonly params: Record<string, string | number> = {},
    status?: number,
  ) {
    super(`AppError ${code}`);
    this.status = status ?? errorStatus(code);
  }
}
