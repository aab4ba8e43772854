import type { Catalogue } from './types.ts';

/**
 * Uploaded files and zip archives (the portal's request files, the console's certificates):
 * -10170…-10179. Each is a refusal of one file, shown beside its name; nothing of it was read.
 */
export const FileErr = {
  /** Not a zip archive, or a damaged one. */
  ArchiveUnreadable: -10170,
  /** More entries than one archive may hold ({max}). */
  ArchiveTooManyFiles: -10171,
  /** Unpacked, the archive would exceed {max} MB. */
  ArchiveTooLarge: -10172,
  /** An entry's name is an absolute path or climbs out of the archive (`..`). */
  UnsafeName: -10173,
  /** One file over {max} KB. */
  FileTooLarge: -10174,
  /** Not a file of the kind this upload reads ({types}). */
  WrongFileType: -10175,
  /** A second entry of the same name in one archive. */
  DuplicateName: -10176,
} as const;

export const fileCatalogue: Catalogue = {
  [FileErr.ArchiveUnreadable]: {
    status: 400,
    'zh-CN': '不是可读取的 zip 压缩包，或压缩包已损坏',
    'en-US': 'Not a readable zip archive, or a damaged one',
  },
  [FileErr.ArchiveTooManyFiles]: {
    status: 400,
    'zh-CN': '压缩包内的文件超过 {max} 个，未读取',
    'en-US': 'The archive holds more than {max} files; it was not read',
  },
  [FileErr.ArchiveTooLarge]: {
    status: 400,
    'zh-CN': '压缩包解压后超过 {max} MB，未读取',
    'en-US': 'Unpacked, the archive would exceed {max} MB; it was not read',
  },
  [FileErr.UnsafeName]: {
    status: 400,
    'zh-CN': '文件名不安全（绝对路径或含“..”），未读取',
    'en-US': 'Unsafe file name (an absolute path or “..”); not read',
  },
  [FileErr.FileTooLarge]: {
    status: 400,
    'zh-CN': '文件超过 {max} KB，未读取',
    'en-US': 'The file is over {max} KB; not read',
  },
  [FileErr.WrongFileType]: {
    status: 400,
    'zh-CN': '只读取 {types} 文件',
    'en-US': 'Only {types} files are read',
  },
  [FileErr.DuplicateName]: {
    status: 400,
    'zh-CN': '压缩包内有同名文件，只读取了第一个',
    'en-US': 'The archive holds another file of this name; only the first was read',
  },
};
