// The "book a visit" form (public site; also in the portal with the client's vehicle preselected): name,
// phone or email, vehicle, services from the catalogue, a day among those with room, part of the day and a
// message. The API checks everything again (capacity, range, honeypot, per-IP limit); its field errors
// land on the fields.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DAY_PARTS, type DayPart } from '@garage/shared/schemas/appointments';
import { CalendarCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { ApiError, apiGet, apiRequest } from '../../lib/api-client.ts';
import { pickLocalized, useCatalogue } from '../../lib/service-catalogue.ts';

export interface Availability {
  timezone: string;
  perDay: number;
  days: { day: string; remaining: number }[];
}

export const AVAILABILITY_QUERY_KEY = ['appointments', 'availability'] as const;

export function useAvailability() {
  return useQuery({
    queryKey: AVAILABILITY_QUERY_KEY,
    queryFn: ({ signal }) => apiGet<Availability>('/appointments/availability?days=30', signal),
  });
}

export function useDayLabel() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  return (day: string) => format.format(new Date(`${day}T00:00:00Z`));
}

/** Services and day fields shared by the public form and the portal's. */
export function ServicesAndDayFields({
  idPrefix,
  services,
  setServices,
  day,
  setDay,
  dayPart,
  setDayPart,
  errors,
  days,
}: {
  idPrefix: string;
  services: string[];
  setServices: (ids: string[]) => void;
  day: string;
  setDay: (day: string) => void;
  dayPart: DayPart;
  setDayPart: (part: DayPart) => void;
  errors: Record<string, string[] | undefined>;
  days: Availability['days'] | undefined;
}) {
  const { t, i18n } = useTranslation('appointments');
  const catalogue = useCatalogue();
  const dayLabel = useDayLabel();
  const items = (catalogue.data ?? []).flatMap((category) => category.items);
  return (
    <>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('form.services')}</legend>
        <div className="grid gap-2 sm:grid-cols-2" data-testid={`${idPrefix}-services`}>
          {items.map((item) => {
            const id = `${idPrefix}-service-${item.id}`;
            return (
              <label key={item.id} htmlFor={id} className="flex items-center gap-2 rounded-lg border px-3 py-2 text-sm">
                <Checkbox
                  id={id}
                  checked={services.includes(item.id)}
                  onCheckedChange={(checked) =>
                    setServices(checked === true ? [...services, item.id] : services.filter((s) => s !== item.id))
                  }
                />
                <span dir="auto">{pickLocalized(item.title, i18n.language)}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('form.day')}
          <select
            className="h-9 rounded-md border border-input bg-card px-3 text-sm"
            value={day}
            onChange={(event) => setDay(event.target.value)}
            aria-invalid={!!errors.day}
            data-testid={`${idPrefix}-day`}
            required
          >
            <option value="">{days?.length === 0 ? t('form.noDays') : t('form.chooseDay')}</option>
            {days?.map((option) => (
              <option key={option.day} value={option.day}>
                {dayLabel(option.day)}
              </option>
            ))}
          </select>
          {errors.day && (
            <span className="text-sm text-destructive" role="alert">
              {t('errors.day')}
            </span>
          )}
        </label>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium">{t('form.dayPart')}</legend>
          <div className="flex flex-wrap gap-2">
            {DAY_PARTS.map((part) => (
              <label
                key={part}
                className="flex items-center gap-1.5 rounded-lg border px-3 py-1.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10"
              >
                <input
                  type="radio"
                  name={`${idPrefix}-dayPart`}
                  value={part}
                  checked={dayPart === part}
                  onChange={() => setDayPart(part)}
                  data-testid={`${idPrefix}-part-${part}`}
                />
                {t(`dayParts.${part}`)}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
    </>
  );
}

export function BookingForm() {
  const { t, i18n } = useTranslation('appointments');
  const formId = useId();
  const queryClient = useQueryClient();
  const availability = useAvailability();
  const [values, setValues] = useState({ fullName: '', phone: '', email: '', vehicleDescription: '', message: '', website: '' });
  const [services, setServices] = useState<string[]>([]);
  const [day, setDay] = useState('');
  const [dayPart, setDayPart] = useState<DayPart>('ANY');
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const book = useMutation({
    mutationFn: () =>
      apiRequest<{ id: string; day: string }>('/appointments', {
        method: 'POST',
        json: { ...values, serviceItemIds: services, day, dayPart, language: i18n.language.slice(0, 2) },
      }),
    onSuccess: () => {
      setErrors({});
      void queryClient.invalidateQueries({ queryKey: AVAILABILITY_QUERY_KEY });
    },
    onError: (error) => {
      setErrors(error instanceof ApiError ? (error.fieldErrors ?? {}) : {});
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: AVAILABILITY_QUERY_KEY });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string[]> = {};
    if (!values.fullName.trim()) local.fullName = ['required'];
    if (!values.phone.trim() && !values.email.trim()) local.phone = ['contact'];
    if (!values.vehicleDescription.trim()) local.vehicleDescription = ['required'];
    if (!day) local.day = ['required'];
    setErrors(local);
    if (Object.keys(local).length === 0) book.mutate();
  };
  if (book.isSuccess) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-10 text-center" data-testid="booking-done">
        <CalendarCheck className="size-10 text-primary" aria-hidden="true" />
        <p className="text-lg font-semibold">{t('form.doneTitle')}</p>
        <p className="text-muted-foreground">{t('form.done')}</p>
      </div>
    );
  }
  const input = (name: 'fullName' | 'phone' | 'email' | 'vehicleDescription', type = 'text', autoComplete?: string) => (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {t(`form.${name}`)}
      <Input
        type={type}
        autoComplete={autoComplete}
        dir={type === 'email' || type === 'tel' ? 'ltr' : undefined}
        value={values[name]}
        onChange={(event) => setValues({ ...values, [name]: event.target.value })}
        aria-invalid={!!errors[name]}
        data-testid={`booking-${name}`}
      />
      {errors[name] && (
        <span className="text-sm text-destructive" role="alert">
          {t(name === 'phone' ? 'errors.contact' : 'errors.required')}
        </span>
      )}
    </label>
  );
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" data-testid="booking-form" aria-labelledby={`${formId}-title`}>
      <h3 id={`${formId}-title`} className="sr-only">
        {t('form.title')}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        {input('fullName', 'text', 'name')}
        {input('vehicleDescription')}
        {input('phone', 'tel', 'tel')}
        {input('email', 'email', 'email')}
      </div>
      <ServicesAndDayFields
        idPrefix="booking"
        services={services}
        setServices={setServices}
        day={day}
        setDay={setDay}
        dayPart={dayPart}
        setDayPart={setDayPart}
        errors={errors}
        days={availability.data?.days}
      />
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('form.message')}
        <Textarea
          rows={3}
          value={values.message}
          onChange={(event) => setValues({ ...values, message: event.target.value })}
          data-testid="booking-message"
        />
      </label>
      {/* Honeypot: invisible to people and assistive technology, filled only by bots (the API then stores nothing). */}
      <div aria-hidden="true" className="sr-only">
        <label htmlFor={`${formId}-website`}>Website</label>
        <input
          id={`${formId}-website`}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={(event) => setValues({ ...values, website: event.target.value })}
        />
      </div>
      {book.isError && !Object.keys(errors).length && (
        <p role="alert" className="text-sm text-destructive">
          {book.error instanceof ApiError && book.error.status === 429 ? t('errors.tooMany') : t('errors.failed')}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={book.isPending} data-testid="booking-submit">
          {book.isPending ? <Spinner /> : <CalendarCheck aria-hidden="true" />}
          {t('form.submit')}
        </Button>
      </div>
    </form>
  );
}
