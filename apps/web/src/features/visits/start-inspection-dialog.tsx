// "Start inspection" on the staff visit page (issue #29): a template, the technician who does it (the
// signed-in staff member by default) and, when the visit has no check-in reading yet, the odometer in the
// vehicle's unit (the API records it on the visit). Starting opens the inspection screen.
import { distanceUnitLabel } from '@garage/shared/distance';
import type { VisitDetail } from '@garage/shared/schemas/visits';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { ClipboardCheck } from 'lucide-react';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { FormDialog } from '../../components/form-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, FieldDescription, FieldLabel } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useAuth } from '../../lib/auth/session.ts';
import { errorMessageOf, fieldErrorOf } from '../../lib/form-errors.ts';
import { pickLocalized } from '../../lib/service-catalogue.ts';
import { useTRPC } from '../../lib/trpc.ts';

const STAFF_ROLES = ['ADMIN', 'MANAGER', 'EMPLOYEE'] as const;
/** Radix's Select cannot hold an empty value: "nobody yet" has its own. */
const NOBODY = 'nobody';

/** Active staff accounts by name (users.list filters one role at a time; a shop has few staff). */
function useStaff() {
  const trpc = useTRPC();
  const pages = useQueries({
    queries: STAFF_ROLES.map((role) => trpc.users.list.queryOptions({ role, active: true, pageSize: 100, sort: 'name' })),
  });
  return pages
    .flatMap((page) => page.data?.items ?? [])
    .sort((a, b) => `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`));
}

export function StartInspectionDialog({
  visit,
  open,
  onOpenChange,
}: {
  visit: VisitDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation('visits');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useAuth();
  const ids = { template: useId(), technician: useId(), odometer: useId() };
  const templates = useQuery(trpc.inspectionTemplates.list.queryOptions({ includeArchived: false }));
  const staff = useStaff();
  const [templateId, setTemplateId] = useState('');
  const [technician, setTechnician] = useState(user?.id ?? NOBODY);
  const [odometer, setOdometer] = useState('');
  const [missingTemplate, setMissingTemplate] = useState(false);
  const needsOdometer = visit.odometerInKm === null;
  const start = useMutation(
    trpc.inspections.start.mutationOptions({
      onSuccess: async (inspection) => {
        toast.success(t('inspections.started'));
        await queryClient.invalidateQueries({ queryKey: trpc.inspections.forVisit.queryKey({ id: visit.id }) });
        if (needsOdometer && odometer) await queryClient.invalidateQueries({ queryKey: trpc.visits.get.queryKey({ id: visit.id }) });
        onOpenChange(false);
        navigate(`/admin/inspections/${inspection.id}`);
      },
      onError: (error) => {
        // Field refusals are shown at their field; anything else (archived template, closed visit) as a toast.
        if (!fieldErrorOf(t, error, 'odometer') && !fieldErrorOf(t, error, 'templateId'))
          toast.error(errorMessageOf(t, error) ?? t('inspections.startFailed'));
      },
    }),
  );
  const reading = odometer.trim() === '' ? null : Number(odometer);
  const readingInvalid = reading !== null && (!Number.isInteger(reading) || reading < 0 || reading > 9_999_999);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!templateId) return setMissingTemplate(true);
    if (readingInvalid) return;
    start.mutate({
      id: visit.id,
      templateId,
      assignedToId: technician === NOBODY ? null : technician,
      ...(needsOdometer && reading !== null ? { odometer: reading } : {}),
    });
  };
  const language = i18n.resolvedLanguage ?? i18n.language;
  const templateError = missingTemplate && !templateId ? t('inspections.chooseTemplate') : fieldErrorOf(t, start.error, 'templateId');
  const odometerError = readingInvalid ? t('inspections.odometerInvalid') : fieldErrorOf(t, start.error, 'odometer');

  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={t('inspections.startTitle')} description={t('inspections.startDescription')}>
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate data-testid="start-inspection-form">
        <Field data-invalid={!!templateError}>
          <FieldLabel htmlFor={ids.template}>{t('inspections.template')}</FieldLabel>
          <Select value={templateId} onValueChange={setTemplateId}>
            <SelectTrigger
              id={ids.template}
              className="w-full data-[size=default]:h-12"
              aria-invalid={!!templateError}
              data-testid="start-inspection-template"
            >
              <SelectValue placeholder={templates.isPending ? t('inspections.loadingTemplates') : t('inspections.chooseTemplate')} />
            </SelectTrigger>
            <SelectContent>
              {templates.data?.map((template) => (
                <SelectItem key={template.id} value={template.id} className="min-h-11">
                  <span dir="auto">{pickLocalized(template.name, language)}</span>
                  <span className="text-muted-foreground"> · {t('inspections.itemCount', { count: template.itemCount })}</span>
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {templates.data?.length === 0 && (
            <FieldDescription>
              {t('inspections.noTemplate')}{' '}
              <Link to="/admin/inspection-templates" className="underline underline-offset-4">
                {t('inspections.openTemplates')}
              </Link>
            </FieldDescription>
          )}
          {templateError && (
            <p role="alert" className="text-sm text-destructive">
              {templateError}
            </p>
          )}
        </Field>
        <Field>
          <FieldLabel htmlFor={ids.technician}>{t('inspections.technician')}</FieldLabel>
          <Select value={technician} onValueChange={setTechnician}>
            <SelectTrigger id={ids.technician} className="w-full data-[size=default]:h-12" data-testid="start-inspection-technician">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={NOBODY} className="min-h-11">
                {t('inspections.nobody')}
              </SelectItem>
              {/* The signed-in user may not be listed yet (pages still loading): keep their choice selectable. */}
              {user && !staff.some((member) => member.id === user.id) && (
                <SelectItem value={user.id} className="min-h-11">
                  {user.firstName} {user.lastName}
                </SelectItem>
              )}
              {staff.map((member) => (
                <SelectItem key={member.id} value={member.id} className="min-h-11">
                  {member.firstName} {member.lastName}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
        {needsOdometer && (
          <Field data-invalid={!!odometerError}>
            <FieldLabel htmlFor={ids.odometer}>
              {t('inspections.odometer', { unit: distanceUnitLabel(visit.distanceUnit, language) })}
            </FieldLabel>
            <Input
              id={ids.odometer}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              className="h-12"
              value={odometer}
              onChange={(event) => setOdometer(event.target.value)}
              aria-invalid={!!odometerError}
              data-testid="start-inspection-odometer"
            />
            <FieldDescription>{t('inspections.odometerHint')}</FieldDescription>
            {odometerError && (
              <p role="alert" className="text-sm text-destructive">
                {odometerError}
              </p>
            )}
          </Field>
        )}
        <Button type="submit" size="lg" className="h-12" disabled={start.isPending} data-testid="start-inspection-submit">
          {start.isPending ? <Spinner /> : <ClipboardCheck aria-hidden="true" />}
          {t('inspections.start')}
        </Button>
      </form>
    </FormDialog>
  );
}
