// Entry: refuses to start without the required settings (SPEC §1), then loads the starting language and
// renders the app. The current screen's code starts downloading at once, in parallel with the language.
import './styles.css';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { envProblem } from './env.ts';
import { initI18n } from './lib/i18n.ts';
import { applyDarkMode, getUiState } from './lib/ui-store.ts';
import { preloadRoute } from './router.tsx';

const root = createRoot(document.getElementById('root')!);

function trackWindowHeight() {
  const update = () => document.documentElement.style.setProperty('--window-height', `${window.innerHeight}px`);
  update();
  window.addEventListener('resize', update, { passive: true });
}

if (envProblem) {
  root.render(
    <main role="alert" style={{ margin: '4rem auto', maxWidth: 640, padding: 24, fontFamily: 'system-ui, sans-serif' }}>
      <h1 style={{ fontSize: 20, fontWeight: 600 }}>{envProblem}</h1>
    </main>,
  );
} else {
  trackWindowHeight();
  applyDarkMode(getUiState().isDarkMode);
  const started = initI18n();
  preloadRoute(window.location.pathname);
  void started.then(() => root.render(<App />));
}
