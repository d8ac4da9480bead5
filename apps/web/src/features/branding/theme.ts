// Applies the merchant's theme at run time: brand levels 0/200/400/600/800, the five theme colours and the
// font as CSS variables on <html> (styles.css maps them to Tailwind colours), plus favicon and title.
// Values are checked before use (a colour must be #rrggbb) so branding can never inject CSS.
import { BRAND_COLOR_LEVELS } from '@garage/shared/constants';
import { MESSAGES } from '@garage/shared/messages';

const HEX = /^#[0-9a-f]{6}$/i;
const PALETTE_KEYS = ['lightest', 'light', 'medium', 'dark', 'darkest'] as const;
const WEIGHTS = {
  fontWeightRegular: 'regular',
  fontWeightMedium: 'medium',
  fontWeightSemiBold: 'semibold',
  fontWeightBold: 'bold',
} as const;

export interface RuntimeTheme {
  variables: Record<string, string>;
  /** Set when the MERCHANT_THEME_COLORS JSON could not be used. */
  warning?: string;
}

function isWeight(value: unknown): boolean {
  const weight = Number(value);
  return Number.isInteger(weight) && weight >= 100 && weight <= 900;
}

function cssFontFamily(family: string): string | null {
  const cleaned = family.trim();
  if (!cleaned || cleaned.length > 200 || !/^[\p{L}\p{N} ,'"-]+$/u.test(cleaned)) return null;
  return /^['"]|,/.test(cleaned) ? cleaned : `'${cleaned}'`;
}

/** Reads MERCHANT_THEME_COLORS (JSON) and the THEME_PALETTE colours into CSS variables. */
export function buildRuntimeTheme(themeColorsJson: string | undefined, fields: Record<string, string>): RuntimeTheme {
  const variables: Record<string, string> = {};
  let warning: string | undefined;
  if (themeColorsJson !== undefined) {
    try {
      const parsed = JSON.parse(themeColorsJson) as { colorBrand?: Record<string, unknown>; font?: Record<string, unknown> };
      for (const level of BRAND_COLOR_LEVELS) {
        const color = parsed.colorBrand?.[level];
        if (typeof color === 'string' && HEX.test(color)) variables[`--brand-${level}`] = color;
      }
      const family = typeof parsed.font?.fontFamily === 'string' ? cssFontFamily(parsed.font.fontFamily) : null;
      if (family) variables['--brand-font-family'] = family;
      for (const [key, name] of Object.entries(WEIGHTS)) {
        const weight = parsed.font?.[key];
        if (isWeight(weight)) variables[`--brand-font-weight-${name}`] = String(Number(weight));
      }
    } catch {
      warning = MESSAGES.invalidThemeColors;
    }
  }
  for (const key of PALETTE_KEYS) {
    const color = fields[key];
    if (color && HEX.test(color)) variables[`--theme-${key}`] = color;
  }
  return { variables, warning };
}

let applied: string[] = [];

export function applyRuntimeTheme(theme: RuntimeTheme, root: HTMLElement = document.documentElement) {
  for (const name of applied) if (!(name in theme.variables)) root.style.removeProperty(name);
  for (const [name, value] of Object.entries(theme.variables)) root.style.setProperty(name, value);
  applied = Object.keys(theme.variables);
  // SPEC §5: invalid theme JSON is a warning, and the default theme stays.
  if (theme.warning) console.warn(theme.warning);
}

export function applyFavicon(href: string | undefined) {
  if (!href || !/^(\/|https?:\/\/)/.test(href)) return;
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  if (link.getAttribute('href') !== href) link.href = href;
}
