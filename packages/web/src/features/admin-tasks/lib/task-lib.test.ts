import { describe, expect, it } from 'vitest';
import { COMMAND_TYPES, ZAbsolutePath } from '@edp/shared/contracts/commands';
import { COMMAND_STATE_WORDS, COMMAND_TYPE_WORDS } from '@edp/shared/command-words';
import zhTasks from '../../../locales/zh-CN/admin-tasks.lazy.ts';
import enTasks from '../../../locales/en-US/admin-tasks.lazy.ts';
import {
  formatSize,
  isAbsolutePath,
  isRoot,
  joinPath,
  parentPath,
  progressParts,
  retryCount,
} from './task-lib.ts';

const counts = (over: Partial<Record<string, number>>) => ({
  waiting: 0,
  processing: 0,
  finished: 0,
  failed: 0,
  timeout: 0,
  cancelled: 0,
  ...over,
});

describe('task-lib', () => {
  it('checks a path as the server does', () => {
    const samples = [
      '/',
      '/srv/shares',
      '  /srv/with space  ',
      'C:\\Data',
      'd:/data',
      'C:',
      'relative/path',
      './x',
      '\\\\server\\share',
      '',
      '   ',
      '/a\0b',
      '~/docs',
    ];
    for (const path of samples) {
      expect(isAbsolutePath(path), JSON.stringify(path)).toBe(
        ZAbsolutePath.safeParse(path).success,
      );
    }
  });

  it('splits the progress bar by state, over what is done first', () => {
    const parts = progressParts(counts({ waiting: 2, finished: 5, failed: 1, processing: 2 }), 10);
    expect(parts).toEqual([
      { state: 'finished', count: 5, percent: 50 },
      { state: 'failed', count: 1, percent: 10 },
      { state: 'processing', count: 2, percent: 20 },
      { state: 'waiting', count: 2, percent: 20 },
    ]);
    expect(progressParts(counts({}), 0)).toEqual([]);
    expect(retryCount(counts({ failed: 2, timeout: 3, cancelled: 4 }))).toBe(5);
  });

  it('walks folders up and down, POSIX and Windows', () => {
    expect(joinPath('/', 'srv')).toBe('/srv');
    expect(joinPath('/srv', 'shares')).toBe('/srv/shares');
    expect(joinPath('C:\\', 'Data')).toBe('C:\\Data');
    expect(joinPath('C:\\Data', 'x')).toBe('C:\\Data\\x');
    expect(parentPath('/srv/shares')).toBe('/srv');
    expect(parentPath('/srv/')).toBe('/');
    expect(parentPath('/srv')).toBe('/');
    expect(parentPath('/')).toBe('/');
    expect(parentPath('C:\\Data\\x')).toBe('C:\\Data');
    expect(parentPath('C:\\Data')).toBe('C:\\');
    expect(parentPath('C:\\')).toBe('C:\\');
    expect(isRoot('/')).toBe(true);
    expect(isRoot('C:\\')).toBe(true);
    expect(isRoot('/srv')).toBe(false);
  });

  it('says sizes in binary units', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(1023)).toBe('1023 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});

describe('command words', () => {
  it("are the audit log's own (shared/command-words.ts), in both languages", () => {
    for (const [lang, texts] of [
      ['zh-CN', zhTasks],
      ['en-US', enTasks],
    ] as const) {
      for (const type of COMMAND_TYPES) {
        const [group, name] = type.split('.') as [keyof typeof texts.types, string];
        expect((texts.types[group] as Record<string, string>)[name], `${lang} ${type}`).toBe(
          COMMAND_TYPE_WORDS[type][lang],
        );
      }
      for (const [state, words] of Object.entries(COMMAND_STATE_WORDS))
        expect(texts.states[state as keyof typeof texts.states]).toBe(words[lang]);
    }
  });
});
