import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CommandState, TaskType } from '@edp/shared/contracts/commands';
import type { TTaskTarget } from '@edp/shared/contracts/tasks';
import { devices } from './devices.ts';
import { tenants } from './tenants.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A task: one command type over many devices (docs/commands.md). Its counters by state move in
 * the same statement as its commands' states (console/commands/command-repository.ts), so a list page
 * reads progress without counting; `status` follows from them.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').$type<TaskType>().notNull(),
    args: jsonb('args').$type<Record<string, unknown>>().notNull(),
    /** What the operator chose (ids, filter or every), kept to show and audit. */
    target: jsonb('target').$type<TTaskTarget>().notNull(),
    /**
     * The groups of its devices when it was made: a caller whose role covers some groups sees
     * the tasks that reached one of them (and of those, only their devices' results).
     */
    groupIds: uuid('group_ids').array().notNull(),
    createdById: uuid('created_by_id'),
    createdBy: text('created_by').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    total: integer('total').notNull(),
    waiting: integer('waiting').notNull().default(0),
    processing: integer('processing').notNull().default(0),
    finished: integer('finished').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    timeout: integer('timeout').notNull().default(0),
    cancelled: integer('cancelled').notNull().default(0),
    /** The first failure's engine code, for the list's error message. */
    errorCode: integer('error_code'),
    status: text('status')
      .$type<CommandState>()
      .notNull()
      .generatedAlwaysAs(
        sql`case
          when waiting + processing > 0 then
            case when processing + finished + failed + timeout + cancelled > 0 then 'processing' else 'waiting' end
          when failed > 0 then 'failed'
          when timeout > 0 then 'timeout'
          when cancelled > 0 then 'cancelled'
          else 'finished' end`,
      ),
  },
  (t) => [
    index('tasks_list_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('tasks_status_idx').on(t.tenantId, t.status, t.createdAt.desc()),
  ],
);

/**
 * One command to one device: a task's, or one sent on its own (a synchronous command,
 * `task_id` null). An open one (waiting, processing) is in every check-in answer of its device
 * until a result or its deadline ends it; a retry gives it a new id, so the engine runs it again.
 */
export const commands = pgTable(
  'commands',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    args: jsonb('args').$type<Record<string, unknown>>().notNull(),
    state: text('state').$type<CommandState>().notNull(),
    attempt: integer('attempt').notNull().default(1),
    createdBy: text('created_by').notNull(),
    createdAt: at('created_at').notNull(),
    deadline: at('deadline').notNull(),
    deliveredAt: at('delivered_at'),
    finishedAt: at('finished_at'),
    code: integer('code'),
    /** The engine's own message (English) and detail, as it answered. */
    message: text('message'),
    detail: jsonb('detail'),
  },
  (t) => [
    // A task's results in order, and those of one state.
    index('commands_task_idx').on(t.taskId, t.id),
    index('commands_task_state_idx').on(t.taskId, t.state, t.id),
    // A device's history, newest first.
    index('commands_device_idx').on(t.deviceId, t.createdAt.desc()),
    // What a check-in delivers, and what the sweep ends: open commands only, a small index.
    index('commands_open_idx')
      .on(t.deviceId)
      .where(sql`state in ('waiting', 'processing')`),
    index('commands_deadline_idx')
      .on(t.deadline)
      .where(sql`state in ('waiting', 'processing')`),
  ],
);
