// Items reordered by drag and drop (mouse, touch) and by keyboard (focus the handle, Space to pick up, arrow
// keys to move, Space to drop, Escape to cancel), with what happens read out in the user's language; the
// up/down buttons of each row do the same with one tap. The catalogue has the same pattern
// (features/offering/sortable-list.tsx, private to that feature); @dnd-kit (MIT) does the work.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils.ts';

interface SortableItemsProps {
  ids: string[];
  /** The entry at `from` moved to `to`. */
  onMove: (from: number, to: number) => void;
  nameOf: (id: string) => string;
  children: ReactNode;
}

export function SortableItems({ ids, onMove, nameOf, children }: SortableItemsProps) {
  const { t } = useTranslation('inspection-templates');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    // On a phone a short press on the handle picks the item up; a swipe elsewhere still scrolls the page.
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 8 } }),
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
    onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={end}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** One entry; `children` gets the drag handle to place where it fits. */
export function SortableItem({ id, children }: { id: string; children: (handle: ReactNode) => ReactNode }) {
  const { t } = useTranslation('inspection-templates');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className="inline-flex size-11 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none active:cursor-grabbing"
      aria-label={t('dnd.handle')}
      data-testid="drag-handle"
      {...attributes}
      {...listeners}
    >
      <GripVertical className="size-4" aria-hidden="true" />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(isDragging && 'relative z-10 opacity-80 shadow-lg')}
      data-entry-id={id}
    >
      {children(handle)}
    </li>
  );
}
