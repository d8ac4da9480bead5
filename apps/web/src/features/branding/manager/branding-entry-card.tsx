// One branding entry (a catalogue type in one language) as an editable card. Keys and editors come from
// the branding catalogue; saving creates the entry when it does not exist yet.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BrandingEntry, BrandingFieldKind } from '@garage/shared/branding';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { extractFieldErrorCodes, renderCode } from '../../../lib/form-errors.ts';
import { compactListJson } from '../../../lib/branding-lists.ts';
import { FieldEditor } from './field-editors.tsx';
import { CoreValuesEditor, FaqEditor } from './list-editors.tsx';
import { readThemeDraft, ThemeColorsEditor } from './theme-colors-editor.tsx';
import { useSaveBranding } from './use-branding-writes.ts';

type Values = Record<string, string>;

function initialValues(kinds: Record<string, BrandingFieldKind>, entry: BrandingEntry | undefined): Values {
  const stored = Object.fromEntries((entry?.fields ?? []).map((field) => [field.key, field.value]));
  return Object.fromEntries(
    Object.entries(kinds).map(([key, kind]) => {
      const value = stored[key];
      if (value !== undefined) return [key, value];
      if (kind === 'boolean') return [key, 'false'];
      if (kind === 'json') return [key, key === 'themeColors' ? JSON.stringify(readThemeDraft('')) : '[]'];
      return [key, ''];
    }),
  );
}

/** Catalogue order; empty numbers and colours are left out (the API would reject them). */
function toFields(kinds: Record<string, BrandingFieldKind>, values: Values) {
  return Object.entries(kinds)
    .filter(([key, kind]) => !((kind === 'number' || kind === 'color') && !values[key]))
    .map(([key, kind]) => ({ key, value: kind === 'json' ? compactListJson(key, values[key] ?? '') : (values[key] ?? '') }));
}

export function BrandingEntryCard({
  type,
  language,
  kinds,
  entry,
}: {
  type: string;
  language: string;
  kinds: Record<string, BrandingFieldKind>;
  entry?: BrandingEntry;
}) {
  const { t } = useTranslation('branding');
  const initial = useMemo(() => initialValues(kinds, entry), [kinds, entry]);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveBranding();
  useEffect(() => setValues(initial), [initial]);

  const dirty = Object.keys(values).some((key) => values[key] !== initial[key]);
  const fields = toFields(kinds, values);
  const idBase = `branding-${type}-${language}`;

  const submit = () => {
    setErrors({});
    save.mutate(
      { id: entry?.id, body: { type, language: language as never, status: 'ACTIVE', fields } },
      {
        onError: (error) => {
          // fieldErrors name "fields.<index>.value": place each message on its editor.
          const byKey: Record<string, string> = {};
          for (const [path, messages] of Object.entries(extractFieldErrorCodes(error) ?? {})) {
            const index = /^fields\.(\d+)\./.exec(path)?.[1];
            const key = index !== undefined ? fields[Number(index)]?.key : undefined;
            if (key && messages[0]) byKey[key] = renderCode(t, messages[0].code, messages[0].params);
          }
          setErrors(byKey);
        },
      },
    );
  };

  const set = (key: string) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  return (
    <Card data-testid={`branding-card-${type}`} className="gap-5">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-lg">
          {t(`types.${type}`)}
          {dirty && <Badge variant="secondary">{t('unsaved')}</Badge>}
        </CardTitle>
        {!entry && <CardDescription>{t('notCreated')}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-5 md:grid-cols-2">
        {Object.entries(kinds).map(([key, kind]) => {
          const id = `${idBase}-${key}`;
          const props = { id, value: values[key] ?? '', error: errors[key], onChange: set(key) };
          if (key === 'themeColors')
            return (
              <div key={key} className="md:col-span-2">
                <ThemeColorsEditor {...props} />
              </div>
            );
          if (key === 'coreValues')
            return (
              <div key={key} className="md:col-span-2">
                <CoreValuesEditor {...props} />
              </div>
            );
          if (key === 'faqs')
            return (
              <div key={key} className="md:col-span-2">
                <FaqEditor {...props} />
              </div>
            );
          return (
            <div key={key} className={kind === 'textarea' ? 'md:col-span-2' : undefined}>
              <FieldEditor {...props} fieldKey={key} kind={kind} />
            </div>
          );
        })}
      </CardContent>
      <CardFooter className="justify-end gap-2">
        {dirty && (
          <Button
            variant="ghost"
            onClick={() => {
              setValues(initial);
              setErrors({});
            }}
          >
            {t('reset')}
          </Button>
        )}
        <Button onClick={submit} disabled={save.isPending || (!dirty && !!entry)} data-testid={`save-${type}`}>
          {save.isPending && <Spinner label={t('saving')} />}
          {save.isPending ? t('saving') : entry ? t('save') : t('create')}
        </Button>
      </CardFooter>
    </Card>
  );
}
