// /admin/inspection-templates: the checklists a technician starts an inspection from. Each template with its
// name in the user's language, how many items it holds and how often it was used; open, duplicate, archive
// (a used template is kept for the inspections made from it) or erase (never used), and archived ones
// behind a switch, to restore.
import type { TemplateSummary } from '@garage/shared/schemas/inspections';
import { Archive, ArchiveRestore, Copy, ListChecks, MoreVertical, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { failureMessage } from '../../lib/form-errors.ts';
import { pickLocalized } from '../../lib/service-catalogue.ts';
import { cn } from '../../lib/utils.ts';
import { useTemplateList, useTemplateMutations } from './use-inspection-templates.ts';

import { TEMPLATES_PATH } from './paths.ts';

export function InspectionTemplatesPage() {
  const { t, i18n } = useTranslation(['inspection-templates', 'common']);
  const [showArchived, setShowArchived] = useState(false);
  const list = useTemplateList(showArchived);
  const templates = list.data ?? [];
  const [archiving, setArchiving] = useState<TemplateSummary | null>(null);
  const { remove, restore } = useTemplateMutations();

  const confirmArchive = async () => {
    if (!archiving) return;
    try {
      const result = await remove.mutateAsync({ id: archiving.id });
      toast.success(t(result.archived ? 'toasts.archived' : 'toasts.deleted'));
    } catch (error) {
      toast.error(failureMessage(t, error, t('toasts.archiveFailed')));
      throw error;
    }
  };
  const restoreTemplate = (template: TemplateSummary) =>
    restore.mutate(
      { id: template.id },
      {
        onSuccess: () => toast.success(t('toasts.restored')),
        onError: (error) => toast.error(failureMessage(t, error, t('toasts.restoreFailed'))),
      },
    );

  return (
    <section className="flex flex-col gap-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold">{t('title')}</h1>
          <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <Switch checked={showArchived} onCheckedChange={setShowArchived} data-testid="show-archived" />
            {t('showArchived')}
          </label>
          <Button asChild size="lg" data-testid="new-template">
            <Link to={`${TEMPLATES_PATH}/new`}>
              <Plus aria-hidden="true" />
              {t('new')}
            </Link>
          </Button>
        </div>
      </header>

      {list.isPending ? (
        <div className="grid gap-3 md:grid-cols-2">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-28 w-full rounded-xl" />
          ))}
        </div>
      ) : list.isError ? (
        <Card role="alert" className="flex flex-col items-center gap-3 p-8 text-center">
          <p className="text-destructive">{t('loadFailed')}</p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </Card>
      ) : templates.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 p-10 text-center">
          <ListChecks className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">{t('empty')}</p>
          <p className="text-sm text-muted-foreground">{t('emptyHint')}</p>
        </Card>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" data-testid="template-list">
          {templates.map((template) => (
            <TemplateCard key={template.id} template={template} onArchive={setArchiving} onRestore={restoreTemplate} />
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={!!archiving}
        onOpenChange={(open) => !open && setArchiving(null)}
        title={t(archiving?.usedCount ? 'archive.title' : 'archive.deleteTitle')}
        description={t(archiving?.usedCount ? 'archive.description' : 'archive.deleteDescription', {
          name: pickLocalized(archiving?.name, i18n.language),
          count: archiving?.usedCount ?? 0,
        })}
        confirmLabel={t(archiving?.usedCount ? 'archive.confirm' : 'common:actions.delete')}
        onConfirm={confirmArchive}
      />
    </section>
  );
}

function TemplateCard({
  template,
  onArchive,
  onRestore,
}: {
  template: TemplateSummary;
  onArchive: (template: TemplateSummary) => void;
  onRestore: (template: TemplateSummary) => void;
}) {
  const { t, i18n } = useTranslation(['inspection-templates', 'common']);
  const navigate = useNavigate();
  const name = pickLocalized(template.name, i18n.language);
  const description = template.description ? pickLocalized(template.description, i18n.language) : '';
  const to = `${TEMPLATES_PATH}/${template.id}`;
  return (
    <li>
      <Card
        className={cn('flex h-full flex-row items-start gap-3 p-4', template.archived && 'bg-muted/40')}
        data-testid="template-card"
        data-archived={template.archived || undefined}
      >
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <Link to={to} className="min-h-6 font-semibold break-words hover:underline" dir="auto" data-testid="template-name">
            {name}
          </Link>
          {description && (
            <p className="line-clamp-2 text-sm text-muted-foreground" dir="auto">
              {description}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Badge variant="neutral">{t('itemCount', { count: template.itemCount })}</Badge>
            <Badge variant={template.usedCount ? 'info' : 'neutral'}>{t('usedCount', { count: template.usedCount })}</Badge>
            {template.archived && (
              <Badge variant="progress" data-testid="archived-badge">
                {t('archived')}
              </Badge>
            )}
          </div>
        </div>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" className="size-11" aria-label={t('actionsOf', { name })} data-testid="template-actions">
              <MoreVertical aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => navigate(to)}>
              <Pencil aria-hidden="true" />
              {t('common:actions.edit')}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => navigate(`${TEMPLATES_PATH}/new?copy=${template.id}`)} data-testid="duplicate-template">
              <Copy aria-hidden="true" />
              {t('duplicate')}
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            {template.archived ? (
              <DropdownMenuItem onSelect={() => onRestore(template)} data-testid="restore-template">
                <ArchiveRestore aria-hidden="true" />
                {t('restore')}
              </DropdownMenuItem>
            ) : (
              <DropdownMenuItem variant="destructive" onSelect={() => onArchive(template)} data-testid="archive-template">
                {template.usedCount ? <Archive aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
                {template.usedCount ? t('archive.action') : t('common:actions.delete')}
              </DropdownMenuItem>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      </Card>
    </li>
  );
}
