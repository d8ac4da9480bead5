// An amber or red finding becomes one proposed task in one tap: the customer approves or declines it like
// any proposal (approval link, client portal). Priced from the catalogue item chosen, else the item's own
// canned job (with its parts and labour lines), else a flat price typed by staff. The task and the finding's
// taskId are written in the same transaction, so a finding never has two tasks, nor a task lost between.
import type { Db } from '@garage/db';
import { isFlagged, type InspectionItemView, type Language, type TaskInputParsed } from '@garage/shared';
import type { z } from 'zod';
import type { proposeFindingSchema } from '@garage/shared';
import { AppError, notFound } from '../../lib/errors.ts';
import type { LineActor } from '../task-lines/task-line-pricing.ts';
import { createTaskInTransaction } from '../tasks/tasks.service.ts';
import { inVisitTransaction } from '../visits/visit-state.ts';
import { inspectionNotFound, itemNotFound, readItem } from './inspection-views.ts';

type ProposeInput = z.output<typeof proposeFindingSchema>;

/** A text of {en, fr, ar} in `language`, else English, else any. */
export function textIn(texts: unknown, language: string): string {
  const map = (texts ?? {}) as Record<string, string>;
  return map[language] || map.en || Object.values(map).find(Boolean) || '';
}

export async function proposeFindingTask(db: Db, input: ProposeInput, actor: LineActor, now = new Date()): Promise<InspectionItemView> {
  const item = await db.inspectionItem.findFirst({
    where: { id: input.itemId, inspectionId: input.id },
    select: {
      label: true,
      note: true,
      condition: true,
      taskId: true,
      offeringItemId: true,
      inspection: { select: { visitId: true, visit: { select: { customer: { select: { preferredLanguage: true } } } } } },
    },
  });
  if (!item) {
    const inspection = await db.inspection.findUnique({ where: { id: input.id }, select: { id: true } });
    throw inspection ? itemNotFound() : inspectionNotFound();
  }
  if (!isFlagged(item.condition)) throw new AppError('CONFLICT', 'inspections.notFlagged');
  if (item.taskId) throw new AppError('CONFLICT', 'inspections.taskExists');

  const offeringItemId = input.offeringItemId ?? item.offeringItemId;
  const offering = offeringItemId ? await db.offeringItem.findUnique({ where: { id: offeringItemId }, select: { service: true } }) : null;
  if (offeringItemId && !offering) throw notFound('item');
  if (!offering && input.soldForCents === undefined) {
    throw new AppError('VALIDATION', 'required', { field: 'soldForCents', params: { fieldName: 'soldForCents' } });
  }
  const language = item.inspection.visit.customer.preferredLanguage as Language;
  const task: TaskInputParsed = {
    // The customer reads the title: the finding's label in their language unless staff typed one.
    title: input.title ?? (textIn(item.label, language).slice(0, 200) || 'Inspection finding'),
    description: item.note,
    service: offering?.service ?? 'REPAIR',
    priority: item.condition === 'URGENT' ? 'HIGH' : 'NORMAL',
    costCents: 0,
    // With a catalogue item its lines (or its price) decide; a price typed with it overrides a line-less item's.
    soldForCents: input.soldForCents,
    dueDate: null,
    remindInMonths: null,
    remindInKm: null,
    offeringItemId: offeringItemId ?? undefined,
  };

  await inVisitTransaction(db, async (tx) => {
    const taskId = await createTaskInTransaction(tx, item.inspection.visitId, task, { proposedById: actor.userId, now }, actor);
    const linked = await tx.inspectionItem.updateMany({ where: { id: input.itemId, taskId: null }, data: { taskId } });
    // Two taps racing: the second one's task is rolled back with this refusal.
    if (linked.count !== 1) throw new AppError('CONFLICT', 'inspections.taskExists');
  });
  return readItem(db, input.itemId);
}
