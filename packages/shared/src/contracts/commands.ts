import { z } from 'zod';
import { PROTECTION_MODES } from './engine.ts';
import { rule } from './field-rules.ts';
import { ZEngineKind, ZRequestId } from './licence-file.ts';

export * from './commands-values.ts';

/**
 * The commands the console sends its engines and what they answer (docs/commands.md). One
 * declaration a type: its arguments and, for the commands whose answer a screen reads, the
 * detail of a success. The server checks a console call's arguments and a synchronous answer
 * against these; the reference engine runs them; the web shows their details.
 */

/** A folder or file on the engine's machine: absolute (POSIX, or a Windows drive), no NUL. */
export const ZAbsolutePath = z
  .string()
  .trim()
  .min(1)
  .max(1024)
  .regex(/^(\/|[A-Za-z]:[\\/])[^\0]*$/, rule('absolutePath'));
const ZPathArgs = z.object({ path: ZAbsolutePath });
const ZNoArgs = z.object({});
/** A window as `docs/elevation.md` describes it: the armoured text the console signed. */
const ZWindowArgs = z.object({ window: z.string().max(4096) });

/** What each command type takes. */
export const COMMAND_ARGS = {
  /** Encrypt a folder's files in place (TDE). */
  'tde.encrypt': ZPathArgs,
  /** Decrypt them back, every byte as it was. */
  'tde.decrypt': ZPathArgs,
  /**
   * Rotate the engine's data key (docs/keys.md "Rotation"): a new key, escrowed to `escrow`
   * before any file uses it, every protected folder re-encrypted under it, then the old key
   * dropped.
   */
  'tde.rotate': z.object({ escrow: z.object({ id: z.uuid(), recipient: z.string().max(100) }) }),
  /** Write-protect a folder (SE, security enhancement): nothing may change its files. */
  'se.protect': ZPathArgs,
  /** Lift the write protection, each file's mode as it was. */
  'se.unprotect': ZPathArgs,
  /** Take a folder's integrity baseline (DPI). */
  'dpi.baseline': ZPathArgs,
  /** Check a folder against its baseline now. */
  'dpi.verify': ZPathArgs,
  /** Stop watching a folder's integrity (its baseline dropped). */
  'dpi.drop': ZPathArgs,
  /** Accept a folder as it is now: a new baseline, the pending alterations cleared. */
  'dpi.reset': ZPathArgs,
  /**
   * Install a licence certificate (the .lic text), checked with the engine's own vendor key;
   * `requestId`: the console's request it answers (docs/licences.md), for the records.
   */
  'licence.install': z.object({
    certificate: z.string().max(64 * 1024),
    requestId: ZRequestId.optional(),
  }),
  /** What a licence request is made of: the engine's fingerprint, kind and installed serial. */
  'licence.request': ZNoArgs,
  /** The licence the engine holds now. */
  'licence.show': ZNoArgs,
  /** Replace the engine with the console's copy (GET /api/agent/engine) when its SHA-256 is this. */
  'engine.upgrade': z.object({
    version: z.string().max(64),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  /** A folder's entries. */
  'view.folder': ZPathArgs,
  /** One program file: size, hash, whether it is authorised. */
  'view.program': ZPathArgs,
  /** Authorise a program (by path and SHA-256) to read protected data. */
  'program.authorise': ZPathArgs,
  /** Withdraw a program's authorisation. */
  'program.revoke': ZPathArgs,
  /** The authorised programs. */
  'program.list': ZNoArgs,
  /** The engine's version and platform. */
  'engine.version': ZNoArgs,
  /** The engine's live state: protected folders, pending alerts, its last check-in. */
  'engine.watch': ZNoArgs,
  /** Open an approved elevation or learning-mode window (signed by the console's key). */
  'window.open': ZWindowArgs,
  /** Change a running window: the same window signed again with another end (now: ended). */
  'window.adjust': ZWindowArgs,
  /** What learning mode recorded: the programs that touched protected folders. */
  'learning.list': ZNoArgs,
  /** Authorise programs learning mode recorded, each with the SHA-256 it recorded. */
  'learning.authorise': z.object({ paths: z.array(ZAbsolutePath).min(1).max(100) }),
} as const;
export type CommandType = keyof typeof COMMAND_ARGS;
export const COMMAND_TYPES = Object.keys(COMMAND_ARGS) as CommandType[];
export type TCommandArgs<T extends CommandType> = z.output<(typeof COMMAND_ARGS)[T]>;

// What a success answers, for the commands whose answer a screen reads.

export const FOLDER_ENTRY_KINDS = ['dir', 'file', 'link', 'other'] as const;
/** At most this many entries in one folder's answer (the rest: `truncated`). */
export const FOLDER_ENTRIES_MAX = 1000;

export const ZFolderEntry = z.object({
  name: z.string().max(1024),
  kind: z.enum(FOLDER_ENTRY_KINDS),
  size: z.number().int().min(0),
  modifiedAt: z.string(),
  /** The protection of this folder, when it is a protected one. */
  protected: z.enum(PROTECTION_MODES).nullable(),
});
export type TFolderEntry = z.infer<typeof ZFolderEntry>;

export const ZProgramInfo = z.object({
  path: z.string(),
  size: z.number().int().min(0),
  sha256: z.string(),
  /** An execute bit is set. */
  executable: z.boolean(),
  modifiedAt: z.string(),
  authorised: z.boolean(),
});

export const ZAuthorisedProgram = z.object({
  path: z.string(),
  sha256: z.string(),
  addedAt: z.string(),
});
export type TAuthorisedProgram = z.infer<typeof ZAuthorisedProgram>;

/** A window on the engine (elevation or learning mode). */
export const ZWindowState = z.object({
  id: z.string(),
  kind: z.enum(['elevation', 'learning']),
  validFrom: z.string(),
  validUntil: z.string(),
});
export type TWindowState = z.infer<typeof ZWindowState>;

/** The most programs learning mode keeps. */
export const LEARNED_MAX = 1000;
/** A program learning mode saw holding a file of a protected folder open. */
export const ZLearnedProgram = z.object({
  path: z.string(),
  sha256: z.string(),
  /** The protected folders it touched (at most 20). */
  folders: z.array(z.string()).max(20),
  firstSeen: z.string(),
  lastSeen: z.string(),
  /** Scans that saw it. */
  seen: z.number().int().min(0),
  authorised: z.boolean(),
});
export type TLearnedProgram = z.infer<typeof ZLearnedProgram>;
/** A licence as an engine holds it (times ISO). */
export const ZHeldLicence = z.object({
  licenseCode: z.string(),
  serial: z.number().int().min(1),
  kind: ZEngineKind,
  issuedAt: z.string(),
  expiresAt: z.string(),
});
export type THeldLicence = z.infer<typeof ZHeldLicence>;

export const COMMAND_ANSWERS = {
  'licence.install': ZHeldLicence.omit({ issuedAt: true }),
  'licence.request': z.object({
    fingerprint: z.string().min(8).max(256),
    kind: ZEngineKind,
    /** The serial of the valid licence installed, 0 when none. */
    installedSerial: z.number().int().min(0),
  }),
  'licence.show': z.object({
    licence: ZHeldLicence.extend({ valid: z.boolean() }).nullable(),
  }),
  'view.folder': z.object({
    path: z.string(),
    entries: z.array(ZFolderEntry).max(FOLDER_ENTRIES_MAX),
    truncated: z.boolean(),
  }),
  'view.program': ZProgramInfo,
  'program.authorise': ZAuthorisedProgram,
  'program.revoke': z.object({ path: z.string() }),
  'program.list': z.object({ programs: z.array(ZAuthorisedProgram).max(10_000) }),
  'engine.version': z.object({
    version: z.string(),
    kind: z.string(),
    node: z.string(),
    platform: z.string(),
    arch: z.string(),
    startedAt: z.string(),
  }),
  'engine.watch': z.object({
    at: z.string(),
    uptimeS: z.number(),
    lastCheckIn: z.string().nullable(),
    pendingAlerts: z.number().int().min(0),
    protected: z.array(
      z.object({
        path: z.string(),
        mode: z.enum(PROTECTION_MODES),
        files: z.number().int().min(0),
      }),
    ),
    programs: z.number().int().min(0),
    /** The elevation and learning-mode windows open now (an engine from before: absent). */
    windows: z.array(ZWindowState).max(2).optional(),
  }),
  'window.adjust': ZWindowState,
  'learning.list': z.object({
    /** The learning-mode window open now, or null. */
    learning: ZWindowState.nullable(),
    programs: z.array(ZLearnedProgram).max(LEARNED_MAX),
  }),
  'learning.authorise': z.object({
    authorised: z.array(ZAuthorisedProgram).max(100),
    /** Programs not authorised, with the engine code saying why (-17 gone, -5 changed since, -22 already). */
    refused: z.array(z.object({ path: z.string(), code: z.number().int() })).max(100),
  }),
} as const satisfies Partial<Record<CommandType, z.ZodType>>;
export type SyncType = keyof typeof COMMAND_ANSWERS;
export type TCommandAnswer<T extends SyncType> = z.output<(typeof COMMAND_ANSWERS)[T]>;
