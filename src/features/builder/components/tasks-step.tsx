import { ListPlus, Undo2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Alert } from '#components/ui/alert';
import { Button, buttonClasses } from '#components/ui/button';
import {
  MAX_TASKS,
  duplicateTask,
  emptyTask,
  type BuilderValues,
  type TaskValues,
} from '../builder-form';
import { useFieldError } from '../use-field-error';
import { TaskCard, type TaskCardActions } from './task-card';

type Removed = { task: TaskValues; index: number; name: string };

/** Step 2: the tasks (deliverables), in the order the brief shows them. */
export function TasksStep({
  mode,
  archivedCount,
}: {
  mode: 'create' | 'edit';
  /** Archived tasks of the campaign (edit): not shown, they take no new creators. */
  archivedCount: number;
}) {
  const { control, getValues } = useFormContext<BuilderValues>();
  const { fields, append, insert, move, remove } = useFieldArray({ control, name: 'tasks' });
  const completionMode = useWatch({ control, name: 'settings.completion_mode' });
  const listError = useFieldError('tasks');
  const [removed, setRemoved] = useState<Removed | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const undoRef = useRef<HTMLButtonElement>(null);
  const maxReached = fields.length >= MAX_TASKS;

  const actions: TaskCardActions = {
    move: (index, by) => {
      const to = index + by;
      const key = fields[index]?.id;
      if (!key || to < 0 || to >= fields.length) return;
      flushSync(() => move(index, to));
      // Focus follows the card; at the top or bottom the pressed button is disabled, so the other.
      const pressed = buttons.current.get(`${key}:${by < 0 ? 'up' : 'down'}`);
      const other = buttons.current.get(`${key}:${by < 0 ? 'down' : 'up'}`);
      (pressed && !pressed.disabled ? pressed : other)?.focus();
      setAnnouncement(`Task moved to position ${to + 1} of ${fields.length}.`);
    },
    duplicate: (index) => {
      if (maxReached) return;
      insert(index + 1, duplicateTask(getValues(`tasks.${index}`)));
      setAnnouncement(`Task ${index + 1} copied as task ${index + 2}.`);
    },
    remove: (index) => {
      const task = getValues(`tasks.${index}`);
      flushSync(() => {
        remove(index);
        setRemoved({ task, index, name: task.title.trim() || `Task ${index + 1}` });
        setAnnouncement('');
      });
      undoRef.current?.focus();
    },
    buttonRef: (key) => (element) => {
      if (element) buttons.current.set(key, element);
      else buttons.current.delete(key);
    },
  };

  const undo = () => {
    if (!removed) return;
    const at = Math.min(removed.index, fields.length);
    insert(at, removed.task);
    setRemoved(null);
    setAnnouncement(`Task restored as task ${at + 1}.`);
  };

  return (
    <div className="space-y-4">
      {mode === 'edit' ? (
        <Alert tone="info" title="Removed tasks are archived" live={false}>
          The interface cannot delete tasks: a task you remove here is archived when you save, and
          takes no new creators.
          {archivedCount > 0
            ? ` ${archivedCount === 1 ? 'One archived task is' : `${archivedCount} archived tasks are`} not shown.`
            : ''}
        </Alert>
      ) : null}

      <p role="status" className="sr-only">
        {announcement}
      </p>
      {removed ? (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-gray-300 bg-white p-3 text-sm"
        >
          <span>
            Removed “{removed.name}”.
            {mode === 'edit' && removed.task.taskId ? ' It will be archived when you save.' : ''}
          </span>
          <button
            ref={undoRef}
            type="button"
            className={buttonClasses('secondary', 'sm')}
            onClick={undo}
            disabled={maxReached}
          >
            <Undo2 aria-hidden="true" className="size-4" />
            Undo remove
          </button>
        </div>
      ) : null}

      {listError ? (
        <Alert tone="error" title="Tasks">
          {listError}
        </Alert>
      ) : null}

      {fields.length === 0 ? (
        <div className="rounded-lg border border-dashed border-gray-300 bg-white px-6 py-8 text-center">
          <p className="text-sm font-medium text-gray-900">No tasks yet</p>
          <p className="mt-1 text-sm text-gray-600">
            A draft may have no tasks. Publishing needs at least one active task, unless creators
            need approval.
          </p>
        </div>
      ) : (
        <ol className="space-y-4">
          {fields.map((field, index) => (
            <TaskCard
              key={field.id}
              fieldKey={field.id}
              index={index}
              count={fields.length}
              completionMode={completionMode}
              actions={actions}
              maxReached={maxReached}
            />
          ))}
        </ol>
      )}

      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" disabled={maxReached} onClick={() => append(emptyTask())}>
          <ListPlus aria-hidden="true" className="size-4" />
          Add task
        </Button>
        {maxReached ? (
          <p className="text-sm text-gray-600">A campaign holds at most {MAX_TASKS} tasks.</p>
        ) : null}
      </div>
    </div>
  );
}
