import * as tasks from '../domain/tasks.ts';
import { inTransaction } from './write.ts';

// Tasks of a campaign (docs/architecture.md#services).

/**
 * Adds a task to a campaign of the scope. Audit entry and live event by triggers tasks_audit,
 * tasks_events, docs/architecture.md#triggers.
 */
export const createTask = inTransaction(tasks.createTask);

/**
 * PATCH a task. Audit entry and live event by triggers tasks_audit, tasks_events,
 * docs/architecture.md#triggers.
 */
export const updateTask = inTransaction(tasks.updateTask);

/**
 * Archives or restores a task. Audit entry and live event by triggers tasks_audit, tasks_events,
 * docs/architecture.md#triggers.
 */
export const setTaskStatus = inTransaction(tasks.setTaskStatus);
