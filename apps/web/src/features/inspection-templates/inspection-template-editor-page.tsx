// /admin/inspection-templates/new (optionally ?copy=<id>, a duplicate) and /admin/inspection-templates/:id:
// a template's name and description in each language, then its sections and their items in order. The
// whole list is saved at once (the server keeps the items that name their id, so past results stay tied to
// them); what the server would refuse is shown at the item before anything is sent, and what it refuses
// anyway (keyed items.N.field) lands on the same item. Someone else's save in between is a conflict: the
// common message says to reload.
import type { InspectionTemplateView } from '@garage/shared/schemas/inspections';
import { INSPECTION_LIMITS } from '@garage/shared/inspection-rules';
import { ArchiveRestore, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { LoadErrorCard } from '../../components/load-error-card.tsx';
import { BackLink } from '../../components/page-header.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { FieldError } from '../../components/ui/field.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessageOf, extractFieldErrorCodes, isConflict, renderCode } from '../../lib/form-errors.ts';
import { pickLocalized } from '../../lib/service-catalogue.ts';
import { TEMPLATES_PATH } from './paths.ts';
import { LocalizedInputs, textErrors } from './localized-inputs.tsx';
import { itemRuleErrors } from './item-rules.ts';
import {
  draftErrors,
  draftOf,
  draftPayload,
  emptyDraft,
  flatIndexes,
  moveEntry,
  newSection,
  type DraftErrors,
  type TemplateDraft,
} from './template-draft.ts';
import { TemplateSectionEditor } from './template-section-editor.tsx';
import { useTemplate, useTemplateMutations } from './use-inspection-templates.ts';

export function InspectionTemplateEditorPage() {
  const { t } = useTranslation(['inspection-templates', 'common']);
  const { id } = useParams<{ id: string }>();
  const [params] = useSearchParams();
  const copyOf = id ? undefined : (params.get('copy') ?? undefined);
  const source = useTemplate(id ?? copyOf);
  const back = { to: TEMPLATES_PATH, label: t('backToList') };

  if (!id && !copyOf) return <TemplateEditor key="new" />;
  if (source.isPending) return <Skeleton className="h-96 w-full rounded-xl" />;
  if (source.isError) return <LoadErrorCard message={t('notFound')} back={back} />;
  return (
    <TemplateEditor
      key={source.data.id + (copyOf ? ':copy' : '')}
      template={copyOf ? undefined : source.data}
      copyFrom={copyOf ? source.data : undefined}
    />
  );
}

function TemplateEditor({ template, copyFrom }: { template?: InspectionTemplateView; copyFrom?: InspectionTemplateView }) {
  const { t, i18n } = useTranslation(['inspection-templates', 'common', 'validation', 'fields']);
  const navigate = useNavigate();
  const [draft, setDraft] = useState<TemplateDraft>(() =>
    template ? draftOf(template) : copyFrom ? draftOf(copyFrom, true) : emptyDraft(),
  );
  const [version, setVersion] = useState(template?.version ?? 0);
  const [archived, setArchived] = useState(template?.archived ?? false);
  const [errors, setErrors] = useState<DraftErrors>({});
  // Changes not saved yet: closing or reloading the tab asks first (a long checklist is a lot to lose).
  const [dirty, setDirty] = useState(!template && !!copyFrom);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  // A new template opens its first item; a stored one opens folded (dozens of items).
  const [expanded, setExpanded] = useState<Set<string>>(
    () => new Set(template ? [] : draft.sections.flatMap((section) => section.items.map((item) => item.uid))),
  );
  const { create, update, restore } = useTemplateMutations();
  const saving = create.isPending || update.isPending;
  const indexes = flatIndexes(draft);
  const itemCount = indexes.size;

  // Errors go stale as soon as the user edits; they are found again at the next save.
  const change = (next: TemplateDraft) => {
    setDraft(next);
    setDirty(true);
    if (Object.keys(errors).length) setErrors({});
  };
  const toggle = (uid: string, open?: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (open ?? !next.has(uid)) next.add(uid);
      else next.delete(uid);
      return next;
    });

  /** Shows the errors: each erroneous item unfolded, and the first one scrolled to. */
  const showErrors = (found: DraftErrors) => {
    setErrors(found);
    const byIndex = [...indexes.entries()];
    const failing = byIndex
      .filter(([, index]) => Object.keys(found).some((path) => path.startsWith(`items.${index}.`)))
      .map(([uid]) => uid);
    setExpanded((current) => new Set([...current, ...failing]));
    requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const save = async () => {
    const found = draftErrors(draft, itemRuleErrors);
    if (Object.keys(found).length) {
      showErrors(found);
      toast.error(t('toasts.fixErrors'), { id: 'template-save' });
      return;
    }
    const payload = draftPayload(draft);
    try {
      if (template) {
        const saved = await update.mutateAsync({ id: template.id, version, ...payload });
        setVersion(saved.version);
        setDirty(false);
        // The answer names every item's id (new ones included): the next save keeps them.
        setDraft(draftOf(saved));
        setExpanded(new Set());
        toast.success(t('toasts.saved'), { id: 'template-save' });
      } else {
        const saved = await create.mutateAsync(payload);
        setDirty(false);
        toast.success(t('toasts.created'), { id: 'template-save' });
        navigate(`${TEMPLATES_PATH}/${saved.id}`, { replace: true });
      }
    } catch (error) {
      const fieldErrors = extractFieldErrorCodes(error);
      if (fieldErrors) {
        showErrors(
          Object.fromEntries(
            Object.entries(fieldErrors).flatMap(([path, messages]) =>
              messages[0] ? [[path, renderCode(t, messages[0].code, messages[0].params)]] : [],
            ),
          ),
        );
      }
      const reason = errorMessageOf(t, error);
      toast.error(isConflict(error) && reason ? reason : (reason ?? t('toasts.saveFailed')), { id: 'template-save' });
    }
  };

  const restoreTemplate = () =>
    template &&
    restore.mutate(
      { id: template.id },
      {
        onSuccess: (restored) => {
          setArchived(false);
          setVersion(restored.version);
          toast.success(t('toasts.restored'));
        },
        onError: (error) => toast.error(errorMessageOf(t, error) ?? t('toasts.restoreFailed')),
      },
    );

  const setSections = (sections: TemplateDraft['sections']) => change({ ...draft, sections });
  const title = template ? pickLocalized(template.name, i18n.language) || t('editTitle') : t('newTitle');

  return (
    <section className="flex flex-col gap-5 pb-4">
      <BackLink to={TEMPLATES_PATH} label={t('backToList')} />
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold break-words" dir="auto">
            {title}
          </h1>
          <p className="text-sm text-muted-foreground">
            {t('itemCount', { count: itemCount })}
            {template ? ` · ${t('usedCount', { count: template.usedCount })}` : ''}
          </p>
        </div>
        {archived && (
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="progress" data-testid="archived-badge">
              {t('archived')}
            </Badge>
            <Button type="button" variant="outline" className="h-11" onClick={restoreTemplate} disabled={restore.isPending}>
              <ArchiveRestore aria-hidden="true" />
              {t('restore')}
            </Button>
          </div>
        )}
      </header>

      <form
        noValidate
        className="flex flex-col gap-5"
        data-testid="template-form"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Card className="flex flex-col gap-4 p-3 sm:p-4">
          <LocalizedInputs
            idPrefix="template-name"
            label={t('name')}
            value={draft.name}
            onChange={(name) => change({ ...draft, name })}
            maxLength={INSPECTION_LIMITS.nameMax}
            errors={textErrors(errors, 'name')}
          />
          <LocalizedInputs
            idPrefix="template-description"
            label={t('description')}
            value={draft.description}
            onChange={(description) => change({ ...draft, description })}
            maxLength={INSPECTION_LIMITS.descriptionMax}
            errors={textErrors(errors, 'description')}
            multiline
          />
        </Card>

        {/* List-wide: "a template needs at least one item", too many items. */}
        <FieldError errors={[errors.items ? { message: errors.items } : undefined]} data-testid="items-error" />

        {draft.sections.map((section, position) => (
          <TemplateSectionEditor
            key={section.uid}
            section={section}
            number={position + 1}
            onChange={(changed) => setSections(draft.sections.map((entry) => (entry.uid === section.uid ? changed : entry)))}
            onRemove={() => setSections(draft.sections.filter((entry) => entry.uid !== section.uid))}
            onMove={(step) => setSections(moveEntry(draft.sections, position, position + step))}
            canMoveUp={position > 0}
            canMoveDown={position < draft.sections.length - 1}
            errors={errors}
            indexes={indexes}
            expanded={expanded}
            onToggle={toggle}
          />
        ))}

        <Button
          type="button"
          variant="outline"
          className="h-12 self-start"
          onClick={() => setSections([...draft.sections, newSection()])}
          data-testid="add-section"
        >
          <Plus aria-hidden="true" />
          {t('section.add')}
        </Button>

        {/* Always at hand at the bottom of the screen, however long the checklist. */}
        <div className="sticky bottom-0 z-20 -mx-1 flex justify-end gap-2 border-t bg-background/95 px-1 py-3 backdrop-blur">
          <Button type="button" variant="outline" className="h-12" onClick={() => navigate(TEMPLATES_PATH)}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" className="h-12 min-w-32" disabled={saving} data-testid="save-template">
            {saving && <Spinner />}
            {saving ? t('common:actions.saving') : t('common:actions.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
