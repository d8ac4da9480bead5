// Title and description per language (en / fr / ar) in tabs. Each tab types in its own direction; a tab
// whose fields have a problem is marked, and the "at least one title" rule is shown above the tabs.
import { LANGUAGES } from '@garage/shared/constants';
import { OFFERING_LIMITS } from '@garage/shared/schemas/offering';
import { useEffect, useState } from 'react';
import { useFormContext, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, FieldError, FieldLabel } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';

type Language = (typeof LANGUAGES)[number];
type LocalizedForm = { title: Partial<Record<Language, string>>; description?: Partial<Record<Language, string>> | null };

export function LocalizedFields({ idPrefix }: { idPrefix: string }) {
  const { t, i18n } = useTranslation(['offering', 'common']);
  const { register, formState } = useFormContext<LocalizedForm>();
  const current = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en';
  const [tab, setTab] = useState<Language>(current);
  const errors = formState.errors as FieldErrors<LocalizedForm>;
  const titleErrors = errors.title as (FieldErrors<Record<Language, string>> & { message?: string }) | undefined;
  const descriptionErrors = errors.description as FieldErrors<Record<Language, string>> | undefined;
  const hasProblem = (language: Language) => !!titleErrors?.[language] || !!descriptionErrors?.[language];

  // After a refused submit, show the language that has the problem.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only after a submit, not while the user switches tabs.
  useEffect(() => {
    if (hasProblem(tab)) return;
    const first = LANGUAGES.find(hasProblem);
    if (first) setTab(first);
  }, [formState.submitCount]);

  return (
    <div className="flex flex-col gap-2">
      <Tabs value={tab} onValueChange={(value) => setTab(value as Language)}>
        <TabsList className="w-full">
          {LANGUAGES.map((language) => (
            <TabsTrigger
              key={language}
              value={language}
              data-testid={`${idPrefix}-tab-${language}`}
              aria-invalid={hasProblem(language) || undefined}
            >
              {t(`common:language.${language}`)}
              {hasProblem(language) && <span className="size-1.5 rounded-full bg-destructive" aria-hidden="true" />}
            </TabsTrigger>
          ))}
        </TabsList>
        {LANGUAGES.map((language) => {
          const dir = language === 'ar' ? 'rtl' : 'ltr';
          return (
            // forceMount keeps every language's inputs registered and validated; hidden ones stay out of view.
            <TabsContent key={language} value={language} forceMount className={tab === language ? 'flex flex-col gap-3 pt-1' : 'hidden'}>
              <Field data-invalid={!!titleErrors?.[language]}>
                <FieldLabel htmlFor={`${idPrefix}-title-${language}`}>
                  {t('offering:form.titleIn', { language: t(`common:language.${language}`) })}
                </FieldLabel>
                <Input
                  id={`${idPrefix}-title-${language}`}
                  dir={dir}
                  lang={language}
                  maxLength={OFFERING_LIMITS.titleMax}
                  aria-invalid={!!titleErrors?.[language] || !!titleErrors?.message}
                  data-testid={`${idPrefix}-title-${language}`}
                  {...register(`title.${language}`)}
                />
                <FieldError errors={[titleErrors?.[language]]} />
              </Field>
              <Field data-invalid={!!descriptionErrors?.[language]}>
                <FieldLabel htmlFor={`${idPrefix}-description-${language}`}>
                  {t('offering:form.descriptionIn', { language: t(`common:language.${language}`) })}
                </FieldLabel>
                <Textarea
                  id={`${idPrefix}-description-${language}`}
                  dir={dir}
                  lang={language}
                  rows={3}
                  maxLength={OFFERING_LIMITS.descriptionMax}
                  data-testid={`${idPrefix}-description-${language}`}
                  {...register(`description.${language}`)}
                />
                <FieldError errors={[descriptionErrors?.[language]]} />
              </Field>
            </TabsContent>
          );
        })}
      </Tabs>
      <FieldError errors={[titleErrors?.message ? titleErrors : undefined]} data-testid={`${idPrefix}-title-error`} />
      <p className="text-xs text-muted-foreground">{t('offering:form.languagesHint')}</p>
    </div>
  );
}

/** Form values → what the API gets: only the languages that changed ('' removes one). */
export function changedLanguages(
  values: Partial<Record<Language, string>> | null | undefined,
  dirty: unknown,
): Partial<Record<Language, string>> | undefined {
  if (!dirty || !values) return undefined;
  const flags =
    dirty === true ? Object.fromEntries(LANGUAGES.map((language) => [language, true])) : (dirty as Partial<Record<Language, boolean>>);
  const changed = Object.fromEntries(LANGUAGES.filter((language) => flags[language]).map((language) => [language, values[language] ?? '']));
  return Object.keys(changed).length ? changed : undefined;
}

/** Stored texts → form values (every language present, empty when missing). */
export const toFormTexts = (text: Record<string, string> | null | undefined) =>
  Object.fromEntries(LANGUAGES.map((language) => [language, text?.[language] ?? ''])) as Record<Language, string>;
