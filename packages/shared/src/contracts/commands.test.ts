import { describe, expect, it } from 'vitest';
import { COMMAND_TYPES, DESTRUCTIVE_TASK_TYPES, TASK_TYPES } from './commands.ts';

describe('the command types', () => {
  it('has every task type among the commands, and every destructive one among the tasks', () => {
    for (const type of TASK_TYPES) expect(COMMAND_TYPES).toContain(type);
    for (const type of DESTRUCTIVE_TASK_TYPES) expect(TASK_TYPES).toContain(type);
  });
});
