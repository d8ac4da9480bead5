// Entry: refuses to start without the required settings (SPEC §1), then loads the starting language and
// the current screen's code, in parallel, and renders the app. The shop's branding comes with the page
// (features/branding/boot-data.ts) or starts downloading at once.
//
// Rendered with Preact's own render, not react-dom's createRoot: over a page the server drew
// (server-render.tsx) it adopts the server's elements and corrects what differs, where createRoot (like
// React's) would empty #root first and draw everything anew: a second paint of the whole page.
import './styles.css';
import { render } from 'preact';
import { SERVER_DRAWN_ATTRIBUTE } from '@garage/shared/boot-data';
import { App } from './app.tsx';
import { envProblem } from './env.ts';
import { prefetchBranding } from './features/branding/index.ts';
import { detectLanguage, initI18n } from './lib/i18n.ts';
import { queryClient } from './lib/query-client.ts';
import { applyDarkMode, getUiState } from './lib/ui-store.ts';
import { preloadRoute } from './router.tsx';

const rootElement = document.getElementById('root')!;

function trackWindowHeight() {
  const update = () => document.documentElement.style.setProperty('--window-height', `${window.innerHeight}px`);
  update();
  window.addEventListener('resize', update, { passive: true });
}

/**
 * The first render. Over a drawing, Preact reuses the drawn elements that match and removes those that do
 * not inside them, but not at the top of #root, where a first render unlike the drawing (another language
 * than the drawing's, whose branding is still loading) would leave them: each top element is marked first,
 * a reused one loses the mark (Preact drops the attributes the app does not render), the others go.
 */
function renderOverDrawing() {
  const drawn = [...rootElement.children];
  for (const element of drawn) element.setAttribute('data-drawn', '');
  render(<App />, rootElement);
  for (const element of drawn) if (element.hasAttribute('data-drawn')) element.remove();
  // The drawing is the app's now (lib/server-drawing.ts reads the drawn fields during that first render only).
  rootElement.removeAttribute(SERVER_DRAWN_ATTRIBUTE);
}

if (envProblem) {
  rootElement.textContent = '';
  render(
    <main role="alert" style={{ margin: '4rem auto', maxWidth: 640, padding: 24, fontFamily: 'system-ui, sans-serif' }}>
      <h1 style={{ fontSize: 20, fontWeight: 600 }}>{envProblem}</h1>
    </main>,
    rootElement,
  );
} else {
  trackWindowHeight();
  applyDarkMode(getUiState().isDarkMode);
  const started = initI18n();
  // The first render waits for the screen's code too (announced in index.html, it downloads with the app's):
  // its first paint is then the page itself, not the header over placeholders. A failed load renders anyway
  // (the screen shows its error).
  const screenLoaded = preloadRoute(window.location.pathname).catch(() => undefined);
  prefetchBranding(queryClient, detectLanguage());
  void Promise.all([started, screenLoaded]).then(() => {
    // index.html's boot screen goes in the same task as the first render: no blank frame between them.
    document.getElementById('boot-screen')?.remove();
    renderOverDrawing();
  });
}
