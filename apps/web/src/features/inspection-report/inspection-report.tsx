// The inspection report a customer reads (issue #29): on the anonymous approval link page and in the client
// portal. The summary first (good, soon, urgent: colour, word and icon), then what needs attention (urgent
// first) with its photos, the technician's notes and the work proposed for it, then everything else that
// was checked, by section, folded. Kept light on purpose: the link page's scripts must stay small (no chart,
// no form library, a native <dialog> for the full photo), and this module is only loaded when a report
// is there to show (lazy-reports.tsx).
import { distanceUnitLabel } from '@garage/shared/distance';
import type { InspectionCondition } from '@garage/shared/inspection-rules';
import type { InspectionReport } from '@garage/shared/schemas/inspections';
import { ChevronDown, ClipboardCheck, Wrench, X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useFormatters } from '../../lib/formatters.ts';
import { resolveMediaUrl } from '../../lib/media-url.ts';
import { pickLocalized } from '../../lib/service-catalogue.ts';
import { cn } from '../../lib/utils.ts';
import { CONDITION_STYLE, ConditionMark } from './condition.tsx';
import { formatMeasurement } from './measurement.ts';
import { arrangeReport } from './report-order.ts';

type ReportItem = InspectionReport['items'][number];
type Photo = ReportItem['photos'][number];
type Viewed = { photo: Photo; alt: string };

export interface InspectionReportProps {
  report: InspectionReport;
  /** Where the decision on a proposed task happens (a "#id" on this page, or a path); none: no link. */
  taskHref?: (taskId: string) => string | null;
  /** Extra actions in the report's header (the PDF link of the portal). */
  actions?: ReactNode;
}

/** The full photo over the page: a native modal dialog (Escape, focus trap and backdrop from the browser). */
function PhotoViewer({ viewed, onClose }: { viewed: Viewed | null; onClose: () => void }) {
  const { t } = useTranslation('inspection-report');
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (viewed && !element.open) element.showModal?.();
    if (!viewed && element.open) element.close();
  }, [viewed]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click is a mouse shortcut; keyboards close it with Escape (native) or the button.
    <dialog
      ref={dialog}
      onClose={onClose}
      // A click on the backdrop lands on the dialog itself (its content fills only the middle).
      onClick={(event) => event.target === event.currentTarget && onClose()}
      className="m-auto max-h-[95vh] max-w-[95vw] rounded-lg bg-black p-0 backdrop:bg-black/80"
      aria-label={viewed?.alt}
      data-testid="inspection-photo-viewer"
    >
      {viewed && (
        <div className="relative">
          <img
            src={resolveMediaUrl(viewed.photo.url)}
            alt={viewed.alt}
            decoding="async"
            className="max-h-[85vh] max-w-[95vw] object-contain"
          />
          <p className="px-3 py-2 text-sm text-white" dir="auto">
            {viewed.alt}
          </p>
          <button
            type="button"
            onClick={onClose}
            className="absolute end-2 top-2 grid size-12 place-items-center rounded-full bg-black/60 text-white hover:bg-black/80"
            aria-label={t('closePhoto')}
            data-testid="inspection-photo-close"
          >
            <X className="size-6" aria-hidden="true" />
          </button>
        </div>
      )}
    </dialog>
  );
}

function Thumbnails({ item, label, onOpen }: { item: ReportItem; label: string; onOpen: (viewed: Viewed) => void }) {
  const { t } = useTranslation('inspection-report');
  if (item.photos.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2">
      {item.photos.map((photo, index) => {
        const alt = t('photoAlt', { item: label, number: index + 1 });
        return (
          <li key={photo.id}>
            <button
              type="button"
              onClick={() => onOpen({ photo, alt })}
              className="block size-24 overflow-hidden rounded-md border bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              aria-label={t('openPhoto', { item: label, number: index + 1 })}
              data-testid="inspection-photo"
            >
              <img
                src={resolveMediaUrl(photo.thumbnailUrl ?? photo.url)}
                alt=""
                loading="lazy"
                decoding="async"
                width={96}
                height={96}
                className="size-full object-cover"
              />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function ProposedWork({ task, href }: { task: NonNullable<ReportItem['task']>; href: string | null }) {
  const { t } = useTranslation('inspection-report');
  const state = task.approval ?? 'PENDING';
  const text = (
    <>
      <Wrench className="size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0">
        <span className="font-medium" dir="auto">
          {task.title}
        </span>
        <span className="text-muted-foreground"> · {t(`task.${state}`)}</span>
      </span>
    </>
  );
  const className = 'flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md bg-muted/60 px-3 py-2 text-sm';
  if (!href)
    return (
      <p className={className} data-testid="inspection-item-task" data-task-id={task.id} data-approval={state}>
        {text}
      </p>
    );
  const link = (
    <>
      {text}
      <span className="ms-auto shrink-0 font-medium text-primary underline-offset-4 dark:text-brand-200">
        {state === 'PENDING' ? t('task.decide') : t('task.open')}
      </span>
    </>
  );
  return href.startsWith('#') ? (
    <a
      href={href}
      className={cn(className, 'hover:bg-muted')}
      data-testid="inspection-item-task"
      data-task-id={task.id}
      data-approval={state}
    >
      {link}
    </a>
  ) : (
    <Link
      to={href}
      className={cn(className, 'hover:bg-muted')}
      data-testid="inspection-item-task"
      data-task-id={task.id}
      data-approval={state}
    >
      {link}
    </Link>
  );
}

function ItemRow({
  item,
  taskHref,
  onOpen,
  showSection,
}: {
  item: ReportItem;
  taskHref?: InspectionReportProps['taskHref'];
  onOpen: (viewed: Viewed) => void;
  showSection: boolean;
}) {
  const { t, i18n } = useTranslation('inspection-report');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const label = pickLocalized(item.label, language);
  const flagged = item.condition === 'SOON' || item.condition === 'URGENT';
  return (
    <li
      className={cn('flex flex-col gap-2 p-2.5 sm:p-3', flagged && cn('rounded-lg border-2', CONDITION_STYLE[item.condition!].tint))}
      data-testid="inspection-report-item"
      data-item-id={item.id}
      data-condition={item.condition ?? ''}
    >
      <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
        <div className="min-w-0 flex-1">
          {showSection && <p className="text-xs text-muted-foreground">{pickLocalized(item.section, language)}</p>}
          <p className={cn(flagged && 'font-medium')} dir="auto">
            {label}
          </p>
        </div>
        {item.value !== null && (
          <span className="font-medium tabular-nums" data-testid="inspection-item-value">
            {formatMeasurement(t, language, item.value, item.unit)}
          </span>
        )}
        {item.condition ? (
          <ConditionMark condition={item.condition} />
        ) : (
          <span className="text-xs text-muted-foreground">{t('notAnswered')}</span>
        )}
      </div>
      {item.note && (
        // The hidden label stays outside the note's element: dir="auto" follows the note's own first letter.
        <div className="rounded-md bg-muted/40 px-3 py-2 text-sm" data-testid="inspection-item-note">
          <span className="sr-only">{t('technicianNote')}: </span>
          <p className="whitespace-pre-line" dir="auto">
            {item.note}
          </p>
        </div>
      )}
      <Thumbnails item={item} label={label} onOpen={onOpen} />
      {item.task && <ProposedWork task={item.task} href={taskHref?.(item.task.id) ?? null} />}
    </li>
  );
}

export function InspectionReportView({ report, taskHref, actions }: InspectionReportProps) {
  const { t, i18n } = useTranslation('inspection-report');
  const format = useFormatters();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [viewed, setViewed] = useState<Viewed | null>(null);
  const { findings, others, sections } = arrangeReport(report.items, language);
  const date = report.sentAt ?? report.completedAt;
  const summary: InspectionCondition[] = ['GOOD', 'SOON', 'URGENT'];

  return (
    <article
      className="flex flex-col gap-4 rounded-xl border bg-card p-3 sm:p-4"
      data-testid="inspection-report"
      data-inspection-id={report.id}
    >
      <header className="flex flex-wrap items-start gap-3">
        <ClipboardCheck className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-semibold" dir="auto">
            {pickLocalized(report.name, language)}
          </h2>
          <p className="text-sm text-muted-foreground">
            {[
              date && t('inspectedOn', { date: format.dateTime(date) }),
              report.technicianFirstName && t('by', { name: report.technicianFirstName }),
              report.odometer !== null &&
                t('odometer', {
                  value: `\u2068${report.odometer.toLocaleString(`${language.slice(0, 2)}-u-nu-latn`)} ${distanceUnitLabel(report.distanceUnit, language)}\u2069`,
                }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        {actions}
      </header>

      <ul className="grid grid-cols-3 gap-2" aria-label={t('summary')} data-testid="inspection-report-summary">
        {summary.map((condition) => {
          const style = CONDITION_STYLE[condition];
          const Icon = style.icon;
          return (
            <li
              key={condition}
              className={cn('flex flex-col items-center gap-1 rounded-lg border p-2 text-center', style.chip)}
              data-condition={condition}
              data-count={report.counts[condition]}
            >
              <Icon className="size-5" aria-hidden="true" />
              <span className="text-2xl font-semibold tabular-nums">{report.counts[condition]}</span>
              <span className="text-xs font-medium">{t(`summaryWord.${condition}`)}</span>
            </li>
          );
        })}
      </ul>
      {report.counts.SKIPPED > 0 && (
        <p className="-mt-2 text-xs text-muted-foreground">{t('skippedCount', { count: report.counts.SKIPPED })}</p>
      )}

      {findings.length > 0 && (
        <section className="flex flex-col gap-2" aria-labelledby={`findings-${report.id}`}>
          <h3 id={`findings-${report.id}`} className="font-medium">
            {t('findings')}
          </h3>
          <ul className="flex flex-col gap-2" data-testid="inspection-report-findings">
            {findings.map((item) => (
              <ItemRow key={item.id} item={item} taskHref={taskHref} onOpen={setViewed} showSection />
            ))}
          </ul>
        </section>
      )}

      {sections.length > 0 && (
        // Folded when there are findings: the customer came for those; open when everything was fine.
        <details className="group rounded-lg border" open={findings.length === 0} data-testid="inspection-report-all">
          <summary className="flex min-h-12 cursor-pointer items-center justify-between gap-2 px-3 font-medium">
            {t('everythingElse', { count: others.length })}
            <ChevronDown className="size-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden="true" />
          </summary>
          <div className="flex flex-col gap-3 border-t p-3">
            {sections.map((section) => (
              <section key={section.title} className="flex flex-col gap-1">
                <h4 className="text-sm font-semibold text-muted-foreground" dir="auto">
                  {section.title}
                </h4>
                <ul className="flex flex-col divide-y">
                  {section.items.map((item) => (
                    <ItemRow key={item.id} item={item} taskHref={taskHref} onOpen={setViewed} showSection={false} />
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </details>
      )}
      <PhotoViewer viewed={viewed} onClose={() => setViewed(null)} />
    </article>
  );
}

/** Several reports (a visit may have had more than one inspection), newest first as the API sends them. */
export function InspectionReportList({
  reports,
  taskHref,
  actionsOf,
}: {
  reports: InspectionReport[];
  taskHref?: InspectionReportProps['taskHref'];
  actionsOf?: (report: InspectionReport) => ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4" data-testid="inspection-reports">
      {reports.map((report) => (
        <InspectionReportView key={report.id} report={report} taskHref={taskHref} actions={actionsOf?.(report)} />
      ))}
    </div>
  );
}
