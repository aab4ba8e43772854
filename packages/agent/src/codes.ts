import { errorMessage } from '@edp/shared/errors';

/**
 * The engine command codes (docs/product.md §8, packages/shared/src/errors/engine.ts) this
 * engine answers. 0 is success; every other value is a code of that catalogue.
 */
export const Code = {
  Ok: 0,
  Generic: -1,
  UnknownCommand: -2,
  MissingOption: -3,
  InvalidOption: -4,
  MismatchedData: -5,
  AnotherCommandActive: -8,
  EnvironmentMissing: -9,
  InvalidLicence: -12,
  LicenceMissing: -13,
  NeedsElevation: -14,
  UtilityCannotChange: -16,
  FileMissing: -17,
  DirectoryMissing: -18,
  NotMonitored: -19,
  AlreadyMonitored: -20,
  DirectoryGiven: -21,
  FileExists: -22,
  NotADirectory: -24,
  ForbiddenDirectory: -25,
  InvalidPath: -26,
  AccessDenied: -27,
  NotForFile: -29,
  TimeOutOfRange: -31,
  NoElevationTime: -33,
  ElevationFileInvalid: -42,
  HashFailure: -44,
  CannotStoreSettings: -46,
  AlreadyEncrypted: -47,
  AlreadyDecrypted: -48,
  TemporaryFileFailure: -49,
  AttributesUnavailable: -50,
  CannotRename: -52,
  LicenceAlreadyValid: -84,
  NotAllowedByLicence: -85,
} as const;

/** The English message of a code, as the CLI prints it and the log shows it. */
export function codeMessage(code: number): string {
  return code === 0 ? 'Success' : errorMessage(code, 'en-US');
}

/** A failure carrying an engine code, thrown inside an operation and answered as its code. */
export class EngineError extends Error {
  constructor(
    readonly code: number,
    detail?: string,
  ) {
    super(detail ? `${codeMessage(code)}: ${detail}` : codeMessage(code));
  }
}

/** What every local operation answers: its code, and what it did. */
export interface OpResult {
  code: number;
  message: string;
  detail?: Record<string, unknown>;
}

export const ok = (detail?: Record<string, unknown>): OpResult => ({
  code: 0,
  message: codeMessage(0),
  detail,
});

export const failed = (code: number, extra?: string): OpResult => ({
  code,
  message: extra ? `${codeMessage(code)}: ${extra}` : codeMessage(code),
});

/** Runs an operation, turning an EngineError into its code and anything else into -1. */
export async function asResult(op: () => Promise<OpResult>): Promise<OpResult> {
  try {
    return await op();
  } catch (err) {
    if (err instanceof EngineError) return { code: err.code, message: err.message };
    const code = fsErrorCode(err);
    return failed(code, err instanceof Error ? err.message : String(err));
  }
}

/** The engine code for a file-system error. */
export function fsErrorCode(err: unknown): number {
  const c = (err as NodeJS.ErrnoException | undefined)?.code;
  if (c === 'EACCES' || c === 'EPERM') return Code.AccessDenied;
  if (c === 'ENOENT') return Code.DirectoryMissing;
  if (c === 'ENOTDIR') return Code.NotADirectory;
  return Code.Generic;
}
