// Screens a visit can start on whose code and translations are announced in index.html: the build writes,
// per path and language, the files each one needs (tooling/start-preloads-plugin.ts), and the server adds
// them to the page as modulepreload links (apps/api/src/plugins/web-app.ts), so they download with the app's
// own code instead of after it (one round trip less before the first paint on a cold load). router.tsx loads
// these screens with these namespaces; the build fails if a module here is not one of its lazy screens.
export const START_ROUTES = {
  '/': { module: 'src/features/home/home-page.tsx', namespaces: ['home'] },
  '/all-services': { module: 'src/features/services/all-services-page.tsx', namespaces: ['services'] },
  // Every namespace its first paint uses (the form's labels and messages).
  '/login': { module: 'src/features/auth/login-page.tsx', namespaces: ['auth', 'validation', 'fields'] },
  '/setup': { module: 'src/features/setup/setup-page.tsx', namespaces: ['setup', 'auth', 'validation', 'fields'] },
} as const satisfies Record<string, { module: string; namespaces: readonly string[] }>;

/** Namespaces every screen needs (lib/i18n.ts loads them before the first render). */
export const START_NAMESPACES = ['common'] as const;

/**
 * The font files (fontsource's file names, without the build's hash) a start screen's text is set in, per
 * language: announced with the screen's code so the first layout already has them (no re-layout of every
 * line when the font arrives, a long task on a phone). English and French: Inter's Latin subset (accented
 * French letters included); Arabic: Cairo's Arabic subset (styles.css --font-sans / --font-arabic).
 */
export const START_FONTS = {
  en: ['inter-latin-wght-normal'],
  fr: ['inter-latin-wght-normal'],
  ar: ['cairo-arabic-wght-normal'],
} as const satisfies Record<string, readonly string[]>;
