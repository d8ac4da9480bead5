// One item of a template: folded, a row with its label, kind, colours and the ways to move it; unfolded,
// everything a manager sets: the label in each language, check or measurement, for a measurement its unit,
// limits and thresholds with the live colour preview, whether amber and red need a photo, the canned job a
// finding proposes, and (advanced) the key that ties readings together over visits.
import { INSPECTION_LIMITS, INSPECTION_UNITS, UNIT_LIMITS, type InspectionUnit } from '@garage/shared/inspection-rules';
import { ArrowDown, ArrowUp, Camera, ChevronDown, Gauge, ListChecks, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { FieldError } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { pickLocalized } from '../../lib/service-catalogue.ts';
import { cn } from '../../lib/utils.ts';
import { ColourBandsPreview } from './colour-bands-preview.tsx';
import { LocalizedInputs, textErrors } from './localized-inputs.tsx';
import { OfferingItemPicker } from './offering-item-picker.tsx';
import { parseNumber, type DraftItem } from './template-draft.ts';

type NumberField = 'minValue' | 'maxValue' | 'amberAt' | 'redAt';

interface TemplateItemEditorProps {
  item: DraftItem;
  /** The item's number in the whole template (1-based), as the technician will see it. */
  number: number;
  errors: Record<string, string>;
  onChange: (item: DraftItem) => void;
  onRemove: () => void;
  onMove: (step: -1 | 1) => void;
  canMoveUp: boolean;
  canMoveDown: boolean;
  handle: ReactNode;
  expanded: boolean;
  onToggle: () => void;
}

/** A number typed as the number it is, or none: what the preview draws while the user types. */
const previewNumber = (text: string) => {
  const value = parseNumber(text);
  return value === null || Number.isNaN(value) ? null : value;
};

export function TemplateItemEditor(props: TemplateItemEditorProps) {
  const { item, number, errors, onChange, onRemove, onMove, canMoveUp, canMoveDown, handle, expanded, onToggle } = props;
  const { t, i18n } = useTranslation(['inspection-templates', 'common']);
  const id = `item-${item.uid}`;
  const label = pickLocalized(item.label, i18n.language) || t('item.untitled');
  const hasErrors = Object.keys(errors).length > 0;
  const set = (change: Partial<DraftItem>) => onChange({ ...item, ...change });
  const measurement = item.kind === 'MEASUREMENT';
  const preview = {
    unit: item.unit,
    minValue: previewNumber(item.minValue),
    maxValue: previewNumber(item.maxValue),
    amberAt: previewNumber(item.amberAt),
    redAt: previewNumber(item.redAt),
    lowerIsWorse: item.lowerIsWorse,
  };

  const numberField = (field: NumberField) => {
    const unitLimits = item.unit ? UNIT_LIMITS[item.unit] : null;
    // The unit's own range as the hint of an empty limit: that is what applies when it is left empty.
    const placeholder = field === 'minValue' ? unitLimits?.min : field === 'maxValue' ? unitLimits?.max : undefined;
    return (
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={`${id}-${field}`} className="text-sm font-medium">
          {t(`item.${field}`)}
        </label>
        <Input
          id={`${id}-${field}`}
          className="h-11"
          dir="ltr"
          inputMode="decimal"
          autoComplete="off"
          placeholder={placeholder === undefined ? undefined : String(placeholder)}
          value={item[field]}
          aria-invalid={!!errors[field] || undefined}
          data-testid={`${id}-${field}`}
          onChange={(event) => set({ [field]: event.target.value })}
        />
        <FieldError errors={[errors[field] ? { message: errors[field] } : undefined]} />
      </div>
    );
  };

  const moveButtons = (
    <>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-11"
        disabled={!canMoveUp}
        onClick={() => onMove(-1)}
        aria-label={t('item.moveUp', { name: label })}
        data-testid="item-up"
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
        aria-label={t('item.moveDown', { name: label })}
        data-testid="item-down"
      >
        <ArrowDown aria-hidden="true" />
      </Button>
    </>
  );

  const switchRow = (field: 'lowerIsWorse' | 'photoRequired', hint: string) => (
    <label className="flex min-h-12 items-center justify-between gap-4 rounded-lg border p-3">
      <span className="flex min-w-0 flex-col">
        <span className="text-sm font-medium">{t(`item.${field}`)}</span>
        <span className="text-xs text-muted-foreground">{hint}</span>
      </span>
      <Switch checked={item[field]} onCheckedChange={(checked) => set({ [field]: checked })} data-testid={`${id}-${field}`} />
    </label>
  );

  return (
    <div className={cn('flex flex-col rounded-lg border bg-card', hasErrors && 'border-destructive')} data-testid="template-item">
      <div className="flex items-center gap-1 p-1.5">
        {handle}
        <button
          type="button"
          className="flex min-h-11 min-w-0 flex-1 items-center gap-2 rounded-md px-1.5 text-start hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          aria-expanded={expanded}
          aria-controls={`${id}-details`}
          onClick={onToggle}
          data-testid="item-toggle"
        >
          <span className="w-6 shrink-0 text-xs text-muted-foreground tabular-nums">{number}</span>
          {measurement ? (
            <Gauge className="size-4 shrink-0 text-muted-foreground" aria-label={t('kind.MEASUREMENT')} />
          ) : (
            <ListChecks className="size-4 shrink-0 text-muted-foreground" aria-label={t('kind.CHECK')} />
          )}
          <span className="line-clamp-2 min-w-0 flex-1 text-sm font-medium break-words" dir="auto" data-testid="item-label">
            {label}
          </span>
          {measurement && <ColourBandsPreview {...preview} compact />}
          {item.photoRequired && (
            <Camera className="hidden size-4 shrink-0 text-muted-foreground sm:block" aria-label={t('item.photoRequired')} />
          )}
          {hasErrors && (
            <Badge variant="danger" className="shrink-0">
              {t('item.hasErrors')}
            </Badge>
          )}
          <ChevronDown className={cn('size-4 shrink-0 transition-transform', expanded && 'rotate-180')} aria-hidden="true" />
        </button>
        {/* On a phone the row keeps its width for the label: the arrows are in the unfolded item. */}
        <div className="hidden sm:flex">{moveButtons}</div>
      </div>

      {expanded && (
        <div id={`${id}-details`} className="flex flex-col gap-4 border-t p-3 sm:p-4">
          <LocalizedInputs
            idPrefix={`${id}-label`}
            label={t('item.label')}
            value={item.label}
            onChange={(value) => set({ label: value })}
            maxLength={INSPECTION_LIMITS.labelMax}
            errors={textErrors(errors, 'label')}
          />

          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{t('item.kind')}</legend>
            <div className="grid grid-cols-2 gap-2" role="radiogroup">
              {(['CHECK', 'MEASUREMENT'] as const).map((kind) => (
                <button
                  key={kind}
                  type="button"
                  role="radio"
                  aria-checked={item.kind === kind}
                  className={cn(
                    'flex min-h-12 flex-col items-start justify-center rounded-lg border px-3 py-2 text-start focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
                    item.kind === kind ? 'border-primary bg-primary/10' : 'hover:bg-accent',
                  )}
                  onClick={() => set({ kind, unit: kind === 'MEASUREMENT' ? (item.unit ?? 'MM') : item.unit })}
                  data-testid={`${id}-kind-${kind}`}
                >
                  <span className="text-sm font-medium">{t(`kind.${kind}`)}</span>
                  <span className="text-xs text-muted-foreground">{t(`kind.${kind}Hint`)}</span>
                </button>
              ))}
            </div>
            <FieldError errors={[errors.kind ? { message: errors.kind } : undefined]} />
          </fieldset>

          {measurement && (
            <div className="flex flex-col gap-3">
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
                <div className="col-span-2 flex min-w-0 flex-col gap-1 sm:col-span-1">
                  <label htmlFor={`${id}-unit`} className="text-sm font-medium">
                    {t('item.unit')}
                  </label>
                  <Select value={item.unit ?? undefined} onValueChange={(unit) => set({ unit: unit as InspectionUnit })}>
                    <SelectTrigger
                      id={`${id}-unit`}
                      className="w-full data-[size=default]:h-11"
                      aria-invalid={!!errors.unit || undefined}
                      data-testid={`${id}-unit`}
                    >
                      <SelectValue placeholder={t('item.chooseUnit')} />
                    </SelectTrigger>
                    <SelectContent>
                      {INSPECTION_UNITS.map((unit) => (
                        <SelectItem key={unit} value={unit}>
                          {t(`units.${unit}Long`)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <FieldError errors={[errors.unit ? { message: errors.unit } : undefined]} />
                </div>
                {numberField('minValue')}
                {numberField('maxValue')}
                {numberField('amberAt')}
                {numberField('redAt')}
              </div>
              {switchRow('lowerIsWorse', t('item.lowerIsWorseHint'))}
              <ColourBandsPreview {...preview} testId={`${id}-preview`} />
            </div>
          )}

          {switchRow('photoRequired', t('item.photoRequiredHint'))}

          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-offering`} className="text-sm font-medium">
              {t('item.offering')}
            </label>
            <OfferingItemPicker
              id={`${id}-offering`}
              value={item.offeringItem}
              onChange={(offeringItem) => set({ offeringItem })}
              invalid={!!errors.offeringItemId}
            />
            <p className="text-xs text-muted-foreground">{t('item.offeringHint')}</p>
            <FieldError errors={[errors.offeringItemId ? { message: errors.offeringItemId } : undefined]} />
          </div>

          <details className="rounded-lg border p-3" open={!!errors.key || undefined}>
            <summary className="min-h-6 cursor-pointer text-sm font-medium">{t('item.advanced')}</summary>
            <div className="mt-3 flex flex-col gap-1">
              <label htmlFor={`${id}-key`} className="text-sm font-medium">
                {t('item.key')}
              </label>
              <Input
                id={`${id}-key`}
                className="h-11"
                dir="ltr"
                autoCapitalize="none"
                autoComplete="off"
                spellCheck={false}
                maxLength={INSPECTION_LIMITS.keyMax}
                placeholder="tyre.front-left.tread"
                value={item.key}
                aria-invalid={!!errors.key || undefined}
                data-testid={`${id}-key`}
                onChange={(event) => set({ key: event.target.value })}
              />
              <p className="text-xs text-muted-foreground">{t('item.keyHint')}</p>
              <FieldError errors={[errors.key ? { message: errors.key } : undefined]} />
            </div>
          </details>

          <div className="flex items-center justify-between gap-2">
            <div className="flex sm:hidden">{moveButtons}</div>
            <Button type="button" variant="ghost" className="ms-auto h-11 text-destructive" onClick={onRemove} data-testid="remove-item">
              <Trash2 aria-hidden="true" />
              {t('item.remove')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
