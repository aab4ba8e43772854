import { describe, expect, it } from 'vitest';
import { parseTaskListSearch, taskListSearch, DEFAULT_TASK_LIST } from './task-list-url.ts';

const OPERATOR = '00000000-0000-4000-8000-0000000000e2';

describe('the task list in the address', () => {
  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(taskListSearch(DEFAULT_TASK_LIST).toString()).toBe('');
    const state = {
      filter: {
        status: 'failed' as const,
        type: 'tde.encrypt' as const,
        operatorId: OPERATOR,
        from: '2026-11-01T00:00:00.000Z',
        to: '2026-11-02T23:59:59.999Z',
      },
      page: 3,
      pageSize: 20,
    };
    const search = taskListSearch(state);
    expect(search.toString()).toBe(
      `status=failed&type=tde.encrypt&operator=${OPERATOR}&from=2026-11-01T00%3A00%3A00.000Z&to=2026-11-02T23%3A59%3A59.999Z&page=3&size=20`,
    );
    expect(parseTaskListSearch(search)).toEqual(state);
  });

  it('falls back to the defaults for what an edited or outdated link holds wrong', () => {
    const read = parseTaskListSearch(
      new URLSearchParams('status=lost&type=rm&operator=bob&from=yesterday&page=-2&size=7'),
    );
    expect(read).toEqual(DEFAULT_TASK_LIST);
  });
});
