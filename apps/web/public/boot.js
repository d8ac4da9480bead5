// The entry of a page the server has drawn (the start screens: src/server-render.tsx), in place of the app's
// own: the visitor sees the page from its HTML and stylesheet alone, and the app's code is fetched after
// that first paint, so ~110 KB of scripts no longer stand between the first byte and the first paint
// (issue #15, LCP on a phone). The server lists the app's entry and the files it will need in a JSON data
// block (apps/api/src/plugins/start-page.ts, LatePreloads in packages/shared/src/boot-data.ts); they are
// preloaded together at that moment, then the app starts and renders over the drawing (src/main.tsx).
// A plain file in public/: the bundler would make it import its runtime chunk (one more request first).

function readList() {
  try {
    return JSON.parse(document.getElementById('late-preloads')?.textContent ?? 'null');
  } catch {
    return null;
  }
}

function start() {
  const list = readList();
  if (!list) return;
  for (const url of list.preloads) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = url;
    document.head.append(link);
  }
  void import(list.entry);
}

/**
 * Calls `callback` in the task after the page is painted whole: after the next frame (this module runs once
 * the whole document is parsed; a long page may have painted its top before), and not before the first
 * contentful paint (a frame can come before the text is drawn, while its font is being prepared). Where
 * paint timing is missing, after that frame; at the latest after two seconds (a tab opened in the
 * background paints nothing until it is shown).
 */
function afterPagePainted(callback) {
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    setTimeout(callback, 0);
  };
  setTimeout(go, 2000);
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return requestAnimationFrame(() => requestAnimationFrame(go));
  requestAnimationFrame(() => {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
      observer.disconnect();
      go();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

afterPagePainted(start);
