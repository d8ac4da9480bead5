// MERCHANT_THEME_COLORS: the five brand levels with colour pickers, the font family and weights, and a
// live preview painted with the unsaved values. Writes the documented JSON back into the field.
import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import { BRAND_COLOR_LEVELS } from '@garage/shared/constants';
import { Badge } from '../../../components/ui/badge.tsx';
import { Field, FieldError, FieldLabel } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ColorInput } from './field-editors.tsx';

type Level = (typeof BRAND_COLOR_LEVELS)[number];
type WeightKey = 'fontWeightRegular' | 'fontWeightMedium' | 'fontWeightSemiBold' | 'fontWeightBold';

export interface ThemeDraft {
  colorBrand: Record<Level, string>;
  font: { fontFamily: string } & Record<WeightKey, number>;
}

const WEIGHTS: [WeightKey, string][] = [
  ['fontWeightRegular', 'font.regular'],
  ['fontWeightMedium', 'font.medium'],
  ['fontWeightSemiBold', 'font.semiBold'],
  ['fontWeightBold', 'font.bold'],
];

const DEFAULT_THEME: ThemeDraft = {
  colorBrand: { 0: '#eef4ff', 200: '#a9c4ff', 400: '#4f7cf7', 600: '#1d4ed8', 800: '#13297a' },
  font: { fontFamily: 'Inter Variable', fontWeightRegular: 400, fontWeightMedium: 500, fontWeightSemiBold: 600, fontWeightBold: 700 },
};

/** The stored JSON as an editable draft; anything missing or unreadable starts from the default theme. */
export function readThemeDraft(value: string): ThemeDraft {
  try {
    const parsed = JSON.parse(value) as Partial<ThemeDraft>;
    return {
      colorBrand: { ...DEFAULT_THEME.colorBrand, ...(parsed.colorBrand ?? {}) },
      font: { ...DEFAULT_THEME.font, ...(parsed.font ?? {}) },
    };
  } catch {
    return DEFAULT_THEME;
  }
}

export function ThemePreview({ theme }: { theme: ThemeDraft }) {
  const { t } = useTranslation('branding');
  const style = {
    '--brand-0': theme.colorBrand[0],
    '--brand-200': theme.colorBrand[200],
    '--brand-400': theme.colorBrand[400],
    '--brand-600': theme.colorBrand[600],
    '--brand-800': theme.colorBrand[800],
    fontFamily: `'${theme.font.fontFamily}', var(--font-sans)`,
  } as React.CSSProperties;
  return (
    <div style={style} data-testid="theme-preview" className="flex flex-col gap-4 rounded-2xl border bg-brand-0 p-5 text-brand-800">
      <p className="text-xs font-semibold tracking-wide uppercase opacity-70">{t('preview.title')}</p>
      <p style={{ fontWeight: theme.font.fontWeightBold }} className="text-xl">
        {t('preview.heading')}
      </p>
      <p style={{ fontWeight: theme.font.fontWeightRegular }} className="text-sm">
        {t('preview.text')}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <span style={{ fontWeight: theme.font.fontWeightMedium }} className="rounded-md bg-brand-600 px-4 py-2 text-sm text-white">
          {t('preview.button')}
        </span>
        <span
          style={{ fontWeight: theme.font.fontWeightMedium }}
          className="rounded-md border border-brand-400 px-4 py-2 text-sm text-brand-600"
        >
          {t('preview.secondary')}
        </span>
        <Badge className="bg-brand-200 text-brand-800">{t('preview.badge')}</Badge>
      </div>
      <div className="flex overflow-hidden rounded-lg" aria-hidden="true">
        {BRAND_COLOR_LEVELS.map((level) => (
          <span key={level} className="h-6 flex-1" style={{ background: theme.colorBrand[level] }} />
        ))}
      </div>
    </div>
  );
}

export function ThemeColorsEditor({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('branding');
  const theme = readThemeDraft(value);
  const write = (next: ThemeDraft) => onChange(JSON.stringify(next));
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {BRAND_COLOR_LEVELS.map((level) => (
            <Field key={level}>
              <FieldLabel htmlFor={`${id}-brand-${level}`}>{t('brandLevel', { level })}</FieldLabel>
              <ColorInput
                id={`${id}-brand-${level}`}
                label={t('brandLevel', { level })}
                value={theme.colorBrand[level]}
                onChange={(color) => write({ ...theme, colorBrand: { ...theme.colorBrand, [level]: color } })}
              />
            </Field>
          ))}
        </div>
        <Field>
          <FieldLabel htmlFor={`${id}-font`}>{t('font.family')}</FieldLabel>
          <Input
            id={`${id}-font`}
            dir="ltr"
            value={theme.font.fontFamily}
            onChange={(event) => write({ ...theme, font: { ...theme.font, fontFamily: event.target.value } })}
          />
        </Field>
        <div className="grid grid-cols-2 gap-4">
          {WEIGHTS.map(([key, label]) => (
            <Field key={key}>
              <FieldLabel htmlFor={`${id}-${key}`}>{t(label)}</FieldLabel>
              <Input
                id={`${id}-${key}`}
                type="number"
                min={100}
                max={900}
                step={100}
                value={theme.font[key]}
                onChange={(event) => write({ ...theme, font: { ...theme.font, [key]: Number(event.target.value) } })}
              />
            </Field>
          ))}
        </div>
        <FieldError errors={error ? [{ message: error }] : []} />
      </div>
      <ThemePreview theme={theme} />
    </div>
  );
}
