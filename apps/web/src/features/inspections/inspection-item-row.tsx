// One item of the inspection on the technician's phone: one tap per result (three big coloured buttons, each
// with its icon and word), a measurement typed on the number pad and coloured at once, a note (the phone's
// dictation works in it), the camera opened from the item, the item's photos (those still on the phone drawn
// from their local copy) and, for a finding, the proposed work. Every change goes to the outbox at once.
import type { InspectionCondition } from '@garage/shared/inspection-rules';
import type { InspectionItemView } from '@garage/shared/schemas/inspections';
import { isFlagged } from '@garage/shared/inspection-rules';
import { Camera, CloudOff, NotebookPen, Wrench } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { useFormatters } from '../../lib/formatters.ts';
import { pickLocalized } from '../../lib/service-catalogue.ts';
import { resolveMediaUrl } from '../../lib/media-url.ts';
import { isolateLtr } from '../../lib/money.ts';
import { cn } from '../../lib/utils.ts';
import { ApprovalBadge } from '../approvals/index.ts';
import { CONDITION_CHOICES, checkMeasurement, hasThresholds, parseMeasurement } from './item-rules.ts';
import { CONDITION_ICON, CONDITION_OUTLINE, CONDITION_SOLID, ConditionChip } from './condition-style.tsx';
import type { PendingOfItem, ResultFields } from './offline-queue.ts';

const NOTE_DELAY_MS = 800;

export function InspectionItemRow({
  item,
  pending,
  refusalText,
  editable,
  canPropose,
  onResult,
  onPhoto,
  onPropose,
  onProposeOther,
}: {
  item: InspectionItemView;
  pending: PendingOfItem | undefined;
  /** The server's refusal of this item's last result or photo, or of "Complete" because of it. */
  refusalText: string | undefined;
  /** False once the inspection is completed: results are frozen. */
  editable: boolean;
  /** Proposing needs the server (a task, priced from the catalogue). */
  canPropose: boolean;
  onResult: (fields: ResultFields) => void;
  onPhoto: (file: File) => void;
  /** One tap: the item's canned job (or the sheet, when it has none). */
  onPropose: (item: InspectionItemView) => void;
  /** The sheet: another catalogue item or typed work. */
  onProposeOther: (item: InspectionItemView) => void;
}) {
  const { t, i18n } = useTranslation('inspections');
  const language = i18n.resolvedLanguage ?? 'en';
  const format = useFormatters();
  const label = pickLocalized(item.label, language);
  const unit = item.unit ? t(`units.${item.unit}`) : '';
  const valueId = useId();
  const noteId = useId();
  const valueErrorId = useId();
  const measured = item.kind === 'MEASUREMENT';
  const coloursChosenByHand = !measured || !hasThresholds(item);

  // The typed measurement stays as typed ("1," on the way to "1,6"); the queue gets numbers only.
  const [valueText, setValueText] = useState(item.value === null ? '' : String(item.value));
  const [valueError, setValueError] = useState<string | null>(null);
  const typedValue = parseMeasurement(valueText);
  const typedCheck = typedValue !== null && !Number.isNaN(typedValue) ? checkMeasurement(item, typedValue) : null;
  const liveCondition: InspectionCondition | null =
    measured && hasThresholds(item) && typedCheck?.ok && item.condition !== 'SKIPPED' ? typedCheck.condition : item.condition;

  const commitValue = () => {
    if (typedValue === null) {
      setValueError(null);
      if (item.value !== null) onResult({ value: null, ...(hasThresholds(item) ? { condition: null } : {}) });
      return;
    }
    if (Number.isNaN(typedValue)) {
      setValueError(t('item.notANumber'));
      return;
    }
    const check = checkMeasurement(item, typedValue);
    if (!check.ok) {
      setValueError(t('item.outOfRange', { min: check.minValue, max: check.maxValue, unit }));
      return;
    }
    setValueError(null);
    if (typedValue === item.value && item.condition !== 'SKIPPED') return;
    onResult(check.condition ? { value: typedValue, condition: check.condition } : { value: typedValue });
  };

  const [noteOpen, setNoteOpen] = useState(Boolean(item.note));
  const [noteText, setNoteText] = useState(item.note ?? '');
  const noteTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const commitNote = (text: string) => {
    if (noteTimer.current) clearTimeout(noteTimer.current);
    noteTimer.current = null;
    const trimmed = text.trim();
    if (trimmed === (item.note ?? '')) return;
    onResult({ note: trimmed === '' ? null : trimmed });
  };
  useEffect(() => () => void (noteTimer.current && clearTimeout(noteTimer.current)), []);

  const choose = (condition: InspectionCondition) => {
    if (condition === 'SKIPPED') {
      setValueText('');
      setValueError(null);
      onResult(measured ? { condition, value: null } : { condition });
      return;
    }
    if (!measured) return onResult({ condition });
    // A measurement's colour goes with its number (the server refuses a colour alone).
    if (typedValue === null || Number.isNaN(typedValue)) return setValueError(t('item.valueFirst'));
    const check = checkMeasurement(item, typedValue);
    if (!check.ok) return setValueError(t('item.outOfRange', { min: check.minValue, max: check.maxValue, unit }));
    setValueError(null);
    onResult({ value: typedValue, condition });
  };

  const flagged = isFlagged(liveCondition);
  const photoCount = item.photos.length + (pending?.photos.length ?? 0);
  const waiting = Boolean(pending?.fields) || (pending?.photos.length ?? 0) > 0;

  return (
    <li
      id={`item-${item.id}`}
      className={cn('flex scroll-mt-24 flex-col gap-3 border-b px-1 py-4 last:border-b-0', refusalText && 'rounded-md bg-destructive/5')}
      data-testid="inspection-item"
      data-item-id={item.id}
      data-item-key={item.key ?? undefined}
      data-condition={liveCondition ?? 'NONE'}
      data-pending={waiting ? 'true' : 'false'}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-base font-semibold" dir="auto">
          {label}
        </h3>
        <div className="flex items-center gap-2">
          {waiting && (
            <span className="inline-flex items-center gap-1 text-xs text-amber-800 dark:text-amber-200" data-testid="item-not-sent">
              <CloudOff className="size-3.5" aria-hidden="true" />
              {t('item.notSent')}
            </span>
          )}
          {liveCondition && <ConditionChip condition={liveCondition} />}
        </div>
      </div>

      {measured && (
        <div className="flex flex-wrap items-center gap-3">
          <label htmlFor={valueId} className="sr-only">
            {t('item.valueOf', { item: label, unit })}
          </label>
          <div className="flex items-center gap-2">
            <input
              id={valueId}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              dir="ltr"
              value={valueText}
              disabled={!editable}
              onChange={(event) => {
                setValueText(event.target.value);
                setValueError(null);
              }}
              onBlur={commitValue}
              onKeyDown={(event) => event.key === 'Enter' && commitValue()}
              aria-invalid={valueError ? true : undefined}
              aria-describedby={valueError ? valueErrorId : undefined}
              className={cn(
                'h-14 w-32 rounded-md border-2 bg-card px-3 text-center text-2xl tabular-nums outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-60',
                typedCheck?.ok && typedCheck.condition ? CONDITION_OUTLINE[typedCheck.condition] : 'border-input',
                valueError && 'border-destructive',
              )}
              data-testid="measurement-input"
            />
            <span className="text-lg text-muted-foreground" dir="ltr">
              {unit}
            </span>
          </div>
          <span className="text-xs text-muted-foreground">
            {t('item.limits', { range: isolateLtr(`${item.minValue}–${item.maxValue}`), unit })}
          </span>
          {valueError && (
            <p id={valueErrorId} className="w-full text-sm text-destructive" role="alert" data-testid="measurement-error">
              {valueError}
            </p>
          )}
        </div>
      )}

      <div className="flex flex-wrap gap-2" role="group" aria-label={t('item.resultOf', { item: label })}>
        {coloursChosenByHand &&
          CONDITION_CHOICES.map((condition) => {
            const Icon = CONDITION_ICON[condition];
            const chosen = item.condition === condition;
            return (
              <button
                key={condition}
                type="button"
                disabled={!editable}
                aria-pressed={chosen}
                onClick={() => choose(condition)}
                className={cn(
                  'inline-flex min-h-14 min-w-24 flex-1 items-center justify-center gap-2 rounded-lg border-2 px-3 text-base font-semibold transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-60 sm:flex-none',
                  chosen ? CONDITION_SOLID[condition] : CONDITION_OUTLINE[condition],
                )}
                data-testid={`result-${condition}`}
              >
                <Icon className="size-6" aria-hidden="true" />
                {t(`condition.${condition}`)}
              </button>
            );
          })}
        <button
          type="button"
          disabled={!editable}
          aria-pressed={item.condition === 'SKIPPED'}
          onClick={() => choose('SKIPPED')}
          className={cn(
            'inline-flex min-h-12 items-center gap-1.5 rounded-lg border px-3 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-60',
            item.condition === 'SKIPPED' ? CONDITION_SOLID.SKIPPED : CONDITION_OUTLINE.SKIPPED,
          )}
          data-testid="result-SKIPPED"
        >
          <CONDITION_ICON.SKIPPED className="size-4" aria-hidden="true" />
          {t('condition.SKIPPED')}
        </button>
      </div>

      <div className="flex flex-wrap items-center gap-2">
        {!noteOpen && (
          <Button type="button" variant="outline" className="min-h-12" disabled={!editable} onClick={() => setNoteOpen(true)}>
            <NotebookPen aria-hidden="true" />
            {t('item.addNote')}
          </Button>
        )}
        <label
          className={cn(
            'inline-flex min-h-12 cursor-pointer items-center gap-2 rounded-md border bg-card px-4 text-sm font-medium shadow-xs focus-within:ring-[3px] focus-within:ring-ring/50 hover:bg-accent',
            !editable && 'pointer-events-none opacity-50',
            flagged && item.photoRequired && photoCount === 0 && 'border-amber-500 border-2',
          )}
        >
          <Camera className="size-5" aria-hidden="true" />
          {flagged && item.photoRequired && photoCount === 0 ? t('item.photoNeeded') : t('item.photo')}
          <input
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            className="sr-only"
            disabled={!editable}
            aria-label={t('item.addPhoto', { item: label })}
            data-testid="photo-input"
            onChange={(event) => {
              for (const file of Array.from(event.target.files ?? [])) onPhoto(file);
              event.target.value = '';
            }}
          />
        </label>
      </div>

      {noteOpen && (
        <div className="flex flex-col gap-1">
          <label htmlFor={noteId} className="text-sm font-medium">
            {t('item.note')}
          </label>
          <Textarea
            id={noteId}
            dir="auto"
            value={noteText}
            disabled={!editable}
            maxLength={1000}
            onChange={(event) => {
              const text = event.target.value;
              setNoteText(text);
              if (noteTimer.current) clearTimeout(noteTimer.current);
              noteTimer.current = setTimeout(() => commitNote(text), NOTE_DELAY_MS);
            }}
            onBlur={() => commitNote(noteText)}
            data-testid="item-note"
          />
        </div>
      )}

      {(item.photos.length > 0 || (pending?.photos.length ?? 0) > 0) && (
        <ul className="flex flex-wrap gap-2" aria-label={t('item.photosOf', { item: label })} data-testid="item-photos">
          {item.photos.map((photo) => (
            <li key={photo.id} data-testid="item-photo" data-state="sent">
              <a href={resolveMediaUrl(photo.url)} target="_blank" rel="noopener noreferrer" className="block">
                <img
                  src={resolveMediaUrl(photo.thumbnailUrl ?? photo.url)}
                  alt={t('item.photoAlt', { item: label })}
                  loading="lazy"
                  className="size-20 rounded-md border object-cover"
                />
              </a>
            </li>
          ))}
          {pending?.photos.map((photo) => (
            <li key={photo.photoId} className="relative" data-testid="item-photo" data-state="pending">
              <LocalThumbnail blob={photo.blob} alt={t('item.photoAlt', { item: label })} />
              <span className="absolute inset-x-0 bottom-0 rounded-b-md bg-amber-400/90 px-1 text-center text-[10px] font-medium text-amber-950">
                {t('item.notSent')}
              </span>
            </li>
          ))}
        </ul>
      )}

      {refusalText && (
        <p className="text-sm text-destructive" role="alert" data-testid="item-refusal">
          {refusalText}
        </p>
      )}

      {item.task ? (
        <div className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm" data-testid="item-task">
          <Wrench className="size-4" aria-hidden="true" />
          <span className="font-medium" dir="auto">
            {item.task.title}
          </span>
          <span className="tabular-nums">{format.money(item.task.soldForCents)}</span>
          {item.task.approval && <ApprovalBadge state={item.task.approval} />}
        </div>
      ) : (
        flagged &&
        canPropose && (
          <div className="flex flex-wrap items-center gap-2">
            <Button type="button" variant="secondary" className="min-h-12" onClick={() => onPropose(item)} data-testid="propose-work">
              <Wrench aria-hidden="true" />
              {item.offeringItem
                ? t('item.proposeJob', {
                    job: pickLocalized(item.offeringItem.title, language),
                    price: format.money(item.offeringItem.priceCents),
                  })
                : t('item.proposeWork')}
            </Button>
            {item.offeringItem && (
              <Button type="button" variant="ghost" className="min-h-12" onClick={() => onProposeOther(item)} data-testid="propose-other">
                {t('item.proposeOther')}
              </Button>
            )}
          </div>
        )
      )}
    </li>
  );
}

function LocalThumbnail({ blob, alt }: { blob: Blob; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url ? (
    <img src={url} alt={alt} className="size-20 rounded-md border object-cover" />
  ) : (
    <span className="block size-20 rounded-md border" />
  );
}
