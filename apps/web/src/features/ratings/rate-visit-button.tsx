// The rating form for one visit (SPEC §5, §8), reusable on any client screen: `<RateVisitButton visitId=… />`
// opens a dialog with the 1-5 star picker (required: "a star rating must be selected"), optional feedback
// and the consent to show it on the website. Rating the same visit again updates it. Only the visit's
// client can rate it, once it is completed (the API answers 404 / 409 otherwise).
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { Suspense, useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { RATING_FEEDBACK_MAX, ratingInputSchema, type MyRating, type RatingInput } from '@garage/shared/schemas/ratings';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Field, FieldDescription, FieldError, FieldLabel } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { StarPicker } from './stars.tsx';

export interface RateVisitButtonProps {
  visitId: string;
  /** Shown in the dialog ("Your rating of “Brake pads” …"). */
  visitName?: string;
  /** The client's current rating of the visit when the screen already has it; otherwise it is fetched. */
  rating?: MyRating | null;
  size?: 'sm' | 'default' | 'lg';
  variant?: 'default' | 'outline' | 'secondary';
  className?: string;
  onRated?: (rating: MyRating) => void;
}

type FormValues = { stars: number | undefined; feedback: string; showOnWebsite: boolean };

export function RateVisitButton(props: RateVisitButtonProps) {
  // The `ratings` texts load on first use; until then a quiet placeholder keeps the layout.
  return (
    <Suspense
      fallback={
        <Button size={props.size ?? 'sm'} variant={props.variant ?? 'outline'} className={props.className} disabled>
          <Star aria-hidden="true" />
        </Button>
      }
    >
      <RateVisit {...props} />
    </Suspense>
  );
}

function RateVisit({ visitId, visitName, rating: given, size = 'sm', variant = 'outline', className, onRated }: RateVisitButtonProps) {
  const { t } = useTranslation(['ratings', 'common', 'validation', 'fields']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const ids = useId();
  const current = useQuery({ ...trpc.ratings.forVisit.queryOptions({ visitId }), enabled: given === undefined || open });
  const existing = current.data !== undefined ? current.data : (given ?? null);

  const form = useForm<FormValues>({
    resolver: zodResolver(ratingInputSchema) as never,
    defaultValues: { stars: undefined, feedback: '', showOnWebsite: false },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens or the stored rating arrives.
  useEffect(() => {
    if (open) form.reset({ stars: existing?.stars, feedback: existing?.feedback ?? '', showOnWebsite: existing?.showOnWebsite ?? false });
  }, [open, existing?.id, existing?.updatedAt]);

  const save = useMutation(
    trpc.ratings.rateVisit.mutationOptions({
      onSuccess: async (result) => {
        toast.success(t(result.created ? 'common:messages.ratingThanks' : 'common:messages.ratingUpdated'));
        queryClient.setQueryData(trpc.ratings.forVisit.queryKey({ visitId }), result.rating);
        setOpen(false);
        onRated?.(result.rating);
        await queryClient.invalidateQueries({ queryKey: trpc.ratings.pathKey() });
      },
      onError: (error) => {
        applyServerFieldErrors(form.setError, error, t);
        toast.error(t('common:messages.ratingFailed'));
      },
    }),
  );

  const feedback = form.watch('feedback') ?? '';
  const errors = form.formState.errors;
  const legendId = `${ids}-stars`;
  return (
    <>
      <Button
        type="button"
        size={size}
        variant={existing ? 'outline' : variant}
        className={className}
        onClick={() => setOpen(true)}
        data-testid="rate-visit"
      >
        <Star aria-hidden="true" className={cn(existing && 'fill-amber-400 text-amber-400')} />
        {existing ? t('rate.edit') : t('rate.button')}
      </Button>
      <Dialog open={open} onOpenChange={(next) => !save.isPending && setOpen(next)}>
        <DialogContent closeLabel={t('common:actions.close')} data-testid="rate-visit-dialog">
          <DialogHeader>
            <DialogTitle>{t('rate.title')}</DialogTitle>
            <DialogDescription>{visitName ? t('rate.description', { visit: visitName }) : t('mine.subtitle')}</DialogDescription>
          </DialogHeader>
          <form
            noValidate
            className="flex flex-col gap-5"
            onSubmit={form.handleSubmit((values) => save.mutate({ visitId, ...(values as RatingInput) }))}
          >
            <Field data-invalid={!!errors.stars}>
              <p id={legendId} className="text-sm font-medium">
                {t('rate.stars')}
              </p>
              <Controller
                control={form.control}
                name="stars"
                render={({ field }) => (
                  <div className="flex flex-wrap items-center gap-3">
                    <StarPicker
                      name={`${ids}-star`}
                      value={field.value}
                      onChange={(stars) => field.onChange(stars)}
                      onBlur={field.onBlur}
                      labelledBy={legendId}
                      describedBy={errors.stars ? `${ids}-stars-error` : undefined}
                      invalid={!!errors.stars}
                      optionLabel={(n) => t('rate.starOption', { count: n, label: t(`rate.labels.${n}`) })}
                    />
                    {field.value ? (
                      <span className="text-sm font-medium text-muted-foreground" aria-hidden="true">
                        {t(`rate.labels.${field.value}`)}
                      </span>
                    ) : null}
                  </div>
                )}
              />
              <FieldError id={`${ids}-stars-error`} errors={[errors.stars]} />
            </Field>
            <Field data-invalid={!!errors.feedback}>
              <FieldLabel htmlFor={`${ids}-feedback`}>{t('rate.feedback')}</FieldLabel>
              <Textarea
                id={`${ids}-feedback`}
                rows={4}
                dir="auto"
                placeholder={t('rate.feedbackPlaceholder')}
                aria-invalid={!!errors.feedback}
                aria-describedby={`${ids}-feedback-count`}
                data-testid="rating-feedback"
                {...form.register('feedback')}
              />
              <div className="flex justify-between gap-2">
                <FieldError errors={[errors.feedback]} />
                <span
                  id={`${ids}-feedback-count`}
                  className={cn(
                    'ms-auto text-xs tabular-nums text-muted-foreground',
                    feedback.length > RATING_FEEDBACK_MAX && 'text-destructive',
                  )}
                >
                  {t('rate.characters', { count: feedback.length, max: RATING_FEEDBACK_MAX })}
                </span>
              </div>
            </Field>
            <Controller
              control={form.control}
              name="showOnWebsite"
              render={({ field }) => (
                <Field orientation="horizontal" className="items-start gap-3">
                  <Checkbox
                    id={`${ids}-consent`}
                    checked={field.value}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                    className="mt-0.5"
                    data-testid="rating-consent"
                  />
                  <div className="flex flex-col gap-1">
                    <FieldLabel htmlFor={`${ids}-consent`} className="font-normal">
                      {t('rate.consent')}
                    </FieldLabel>
                    <FieldDescription className="text-xs">{t('rate.consentHint')}</FieldDescription>
                  </div>
                </Field>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={save.isPending}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" disabled={save.isPending} data-testid="rating-submit">
                {save.isPending && <Spinner />}
                {existing ? t('rate.update') : t('rate.submit')}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
