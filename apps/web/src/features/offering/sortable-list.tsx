// A vertical list reordered by drag and drop (mouse, touch) and by keyboard (focus the handle, Space to
// pick up, arrow keys to move, Space to drop, Escape to cancel), with what happens read out in the user's
// language. @dnd-kit (MIT) does the work; the list only reports the new order of ids.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils.ts';

interface SortableListProps {
  ids: string[];
  onReorder: (ids: string[]) => void;
  /** The name of an entry, for what screen readers announce. */
  nameOf: (id: string) => string;
  disabled?: boolean;
  children: ReactNode;
}

export function SortableList({ ids, onReorder, nameOf, disabled, children }: SortableListProps) {
  const { t } = useTranslation('offering');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('dnd.picked', { name: nameOf(String(active.id)), position: position(active.id), total: ids.length }),
    onDragOver: ({ active, over }) =>
      over ? t('dnd.moved', { name: nameOf(String(active.id)), position: position(over.id), total: ids.length }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('dnd.dropped', { name: nameOf(String(active.id)), position: position(over.id), total: ids.length }) : undefined,
    onDragCancel: ({ active }) => t('dnd.cancelled', { name: nameOf(String(active.id)) }),
  };

  const end = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={end}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** One entry of a SortableList; `children` gets the drag handle to place where it fits. */
export function SortableEntry({
  id,
  className,
  children,
  as: Tag = 'li',
  testId,
}: {
  id: string;
  className?: string;
  as?: 'li' | 'div';
  testId?: string;
  children: (handle: ReactNode, dragging: boolean) => ReactNode;
}) {
  const { t } = useTranslation('offering');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className="inline-flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none active:cursor-grabbing"
      aria-label={t('dnd.handle')}
      data-testid="drag-handle"
      {...attributes}
      {...listeners}
    >
      <GripVertical className="size-4" aria-hidden="true" />
    </button>
  );
  return (
    <Tag
      ref={setNodeRef as never}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(className, isDragging && 'relative z-10 opacity-80 shadow-lg')}
      data-testid={testId}
      data-entry-id={id}
    >
      {children(handle, isDragging)}
    </Tag>
  );
}

/** Moves one entry a step up or down (the menu's way to reorder). */
export const moveBy = (ids: string[], id: string, step: -1 | 1) => {
  const from = ids.indexOf(id);
  const to = from + step;
  return to < 0 || to >= ids.length ? ids : arrayMove(ids, from, to);
};
