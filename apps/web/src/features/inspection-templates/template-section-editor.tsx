// One section of a template (e.g. "Tyres"): its name in each language, then its items in order, dragged or
// moved with the arrows, and the buttons that add a condition check or a measurement at its end.
import { INSPECTION_LIMITS } from '@garage/shared/inspection-rules';
import { ArrowDown, ArrowUp, Gauge, ListChecks, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { pickLocalized } from '../../lib/service-catalogue.ts';
import { LocalizedInputs, textErrors } from './localized-inputs.tsx';
import { SortableItem, SortableItems } from './sortable-items.tsx';
import { errorsOfItem, moveEntry, newItem, type DraftErrors, type DraftItem, type DraftSection } from './template-draft.ts';
import { TemplateItemEditor } from './template-item-editor.tsx';

interface TemplateSectionEditorProps {
  section: DraftSection;
  /** 1-based, for its heading. */
  number: number;
  onChange: (section: DraftSection) => void;
  onRemove: () => void;
  onMove: (step: -1 | 1) => void;
  canMoveUp: boolean;
  canMoveDown: boolean;
  errors: DraftErrors;
  /** Each item's index in the whole template (where `items.N.*` errors belong). */
  indexes: Map<string, number>;
  expanded: Set<string>;
  onToggle: (uid: string, open?: boolean) => void;
}

export function TemplateSectionEditor(props: TemplateSectionEditorProps) {
  const { section, number, onChange, onRemove, onMove, canMoveUp, canMoveDown, errors, indexes, expanded, onToggle } = props;
  const { t, i18n } = useTranslation(['inspection-templates', 'common']);
  const name = pickLocalized(section.name, i18n.language) || t('section.numbered', { number });
  const ids = section.items.map((item) => item.uid);
  const setItems = (items: DraftItem[]) => onChange({ ...section, items });
  const addItem = (kind: DraftItem['kind']) => {
    const item = newItem(kind);
    if (kind === 'MEASUREMENT') item.unit = 'MM';
    setItems([...section.items, item]);
    onToggle(item.uid, true);
  };
  // The section's name travels with each of its items: the first item's errors about it speak for all.
  const firstIndex = section.items[0] ? indexes.get(section.items[0].uid) : undefined;
  const nameErrors = textErrors(errorsOfItem(errors, firstIndex), 'section');

  return (
    <Card className="flex flex-col gap-4 p-3 sm:p-4" data-testid="template-section">
      <div className="flex items-start gap-2">
        <h2 className="min-w-0 flex-1 pt-2 text-lg font-semibold break-words" dir="auto">
          {name}
        </h2>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-11"
          disabled={!canMoveUp}
          onClick={() => onMove(-1)}
          aria-label={t('section.moveUp', { name })}
        >
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-11"
          disabled={!canMoveDown}
          onClick={() => onMove(1)}
          aria-label={t('section.moveDown', { name })}
        >
          <ArrowDown aria-hidden="true" />
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-11 text-destructive"
          onClick={onRemove}
          aria-label={t('section.remove', { name })}
          data-testid="remove-section"
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      <LocalizedInputs
        idPrefix={`section-${section.uid}`}
        label={t('section.name')}
        value={section.name}
        onChange={(value) => onChange({ ...section, name: value })}
        maxLength={INSPECTION_LIMITS.sectionMax}
        errors={nameErrors}
      />
      {section.items.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">{t('section.empty')}</p>
      ) : (
        <SortableItems
          ids={ids}
          onMove={(from, to) => setItems(moveEntry(section.items, from, to))}
          nameOf={(uid) => pickLocalized(section.items.find((item) => item.uid === uid)?.label, i18n.language) || t('item.untitled')}
        >
          <ul className="flex flex-col gap-2" data-testid="section-items">
            {section.items.map((item, position) => {
              const index = indexes.get(item.uid);
              return (
                <SortableItem key={item.uid} id={item.uid}>
                  {(handle) => (
                    <TemplateItemEditor
                      item={item}
                      number={(index ?? 0) + 1}
                      errors={errorsOfItem(errors, index)}
                      onChange={(changed) => setItems(section.items.map((entry) => (entry.uid === item.uid ? changed : entry)))}
                      onRemove={() => setItems(section.items.filter((entry) => entry.uid !== item.uid))}
                      onMove={(step) => setItems(moveEntry(section.items, position, position + step))}
                      canMoveUp={position > 0}
                      canMoveDown={position < section.items.length - 1}
                      handle={handle}
                      expanded={expanded.has(item.uid)}
                      onToggle={() => onToggle(item.uid)}
                    />
                  )}
                </SortableItem>
              );
            })}
          </ul>
        </SortableItems>
      )}
      <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap">
        <Button type="button" variant="outline" className="h-12" onClick={() => addItem('CHECK')} data-testid="add-check">
          <ListChecks aria-hidden="true" />
          {t('section.addCheck')}
        </Button>
        <Button type="button" variant="outline" className="h-12" onClick={() => addItem('MEASUREMENT')} data-testid="add-measurement">
          <Gauge aria-hidden="true" />
          {t('section.addMeasurement')}
        </Button>
      </div>
    </Card>
  );
}
