// Every screen of router.tsx is reachable and checked (ARCHITECTURE.md, "Adding a feature"): a staff or
// client screen has a menu entry (features/shell/nav-items.ts) or is listed below as reached from another
// page; every screen has a page title (page-titles.ts); and the axe sweep (e2e/a11y-routes.spec.ts) visits
// it. The route lists are read from the source files, so this runs without a browser.
import { readFileSync } from 'node:fs';
import { matchRoutes } from 'react-router-dom';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ADMIN_NAV, CLIENT_NAV } from './features/shell/nav-items.ts';
import { pageTitleKey } from './features/shell/page-titles.ts';

const read = (relative: string) => readFileSync(new URL(relative, import.meta.url), 'utf8');

/** Staff and client screens without a menu entry, and the page that links to each. */
const REACHED_FROM_ANOTHER_PAGE: Record<string, string> = {
  '/admin/payments': 'the main panel (revenue card, chart) and the visits page',
  '/admin/user-profile': "the shell's user menu",
  '/admin/users/:userId': 'the users list and search',
  '/admin/users/:userId/vehicle/:vehicleId': "a customer's page",
  '/admin/user/oil/:userId/:vehicleId': "a vehicle's page",
  '/admin/users/:userId/vehicle/:vehicleId/visit/:visitId': "a vehicle's page and the visits list",
  '/admin/users/:userId/vehicle/:vehicleId/visit/:visitId/task/:taskId': "a visit's page",
  '/admin/settings/offering/:id': 'the catalogue page',
  '/admin/inspections/:id': "the inspections list and a visit's inspections",
  '/admin/inspection-templates/new': 'the inspection templates page (New template, Duplicate)',
  '/admin/inspection-templates/:id': 'the inspection templates page (a template)',
  '/admin/parts/:partId': 'the parts list (a row, a search or a scan), a purchase order’s lines',
  '/admin/parts/settings': 'the parts page (Labour rates and markup, admins)',
  '/admin/purchase-orders/new': 'the purchase orders page (New order)',
  '/admin/purchase-orders/:orderId': 'the purchase orders page, a part’s stock ledger and the low-stock drafts dialog',
  '/admin/media/:userId': "a customer's page",
  '/admin/media/:userId/:vehicleId': "a vehicle's page",
  '/admin/media/:userId/:vehicleId/:visitId': "a visit's page",
  '/client/overview/:vehicleId': 'the vehicles page',
  '/client/overview/oil/:vehicleId': "a vehicle's page",
  '/client/overview/:vehicleId/:visitId': "a vehicle's page",
  '/client/overview/:vehicleId/:visitId/:taskId': "a visit's page",
  '/client/media/:userId': 'the media menu entry (/client/media opens the client’s own files)',
  '/client/media/:userId/:vehicleId': "a vehicle's page",
  '/client/media/:userId/:vehicleId/:visitId': "a visit's page",
};

/** Screens the axe sweep of a11y-routes.spec.ts does not load at their own path, and where axe sees them. */
const AXE_ELSEWHERE: Record<string, string> = {
  '/setup': 'e2e/setup.spec.ts runs axe on each step: the screen needs an installation without an admin',
  '/client/media': 'redirects to /client/media/:userId, which the sweep visits',
};

const attribute = (element: ts.JsxOpeningLikeElement, name: string) =>
  element.attributes.properties.find(
    (property): property is ts.JsxAttribute => ts.isJsxAttribute(property) && property.name.getText() === name,
  );

/** The element a `<Route element={<X />}>` renders. */
function elementName(element: ts.JsxOpeningLikeElement): string | undefined {
  const initializer = attribute(element, 'element')?.initializer;
  if (!initializer || !ts.isJsxExpression(initializer) || !initializer.expression) return undefined;
  const rendered = initializer.expression;
  if (ts.isJsxSelfClosingElement(rendered)) return rendered.tagName.getText();
  if (ts.isJsxElement(rendered)) return rendered.openingElement.tagName.getText();
  return undefined;
}

/** Every screen of the route tree as a full path (`/admin/users/:userId`): no layouts, redirects or catch-alls. */
function routerPaths(): string[] {
  const source = ts.createSourceFile('router.tsx', read('./router.tsx'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const paths: string[] = [];
  const visit = (node: ts.Node, parent: string) => {
    let prefix = parent;
    const opening = ts.isJsxElement(node) ? node.openingElement : ts.isJsxSelfClosingElement(node) ? node : undefined;
    if (opening?.tagName.getText() === 'Route') {
      const pathAttribute = attribute(opening, 'path')?.initializer;
      const own = pathAttribute && ts.isStringLiteral(pathAttribute) ? pathAttribute.text : undefined;
      const isIndex = Boolean(attribute(opening, 'index'));
      if (own) prefix = `${parent.replace(/\/$/, '')}/${own}`;
      const isLayout = ts.isJsxElement(node) && node.children.some((child) => ts.isJsxElement(child) || ts.isJsxSelfClosingElement(child));
      const isScreen = (own || isIndex) && !isLayout && own !== '*' && elementName(opening) !== 'Navigate';
      if (isScreen) paths.push(isIndex && !own ? parent || '/' : prefix);
    }
    ts.forEachChild(node, (child) => visit(child, prefix));
  };
  visit(source, '');
  return paths;
}

/** The paths of a11y-routes.spec.ts's route lists, `${ids.x}` written as a parameter and without the query. */
function axePaths(): string[] {
  const source = ts.createSourceFile(
    'a11y-routes.spec.ts',
    read('../e2e/a11y-routes.spec.ts'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TS,
  );
  const paths: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && /_ROUTES$/.test(node.name.getText())) {
      const collect = (inner: ts.Node) => {
        if (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) paths.push(inner.text);
        else if (ts.isTemplateExpression(inner))
          paths.push(inner.head.text + inner.templateSpans.map((span) => `:param${span.literal.text}`).join(''));
        else ts.forEachChild(inner, collect);
      };
      collect(node.initializer!);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return paths.map((path) => path.split('?')[0]!);
}

/** The route React Router renders for `path` (the most specific match, as in the app). */
const routeOf = (routes: string[], path: string) =>
  matchRoutes(
    routes.map((route) => ({ path: route })),
    path,
  )?.[0]?.route.path;

describe('every route of router.tsx', () => {
  const routes = routerPaths();

  it('reads the route tree and the axe lists', () => {
    expect(routes).toEqual(expect.arrayContaining(['/', '/login', '/admin/visits', '/admin/users/:userId', '/client/dashboard']));
    expect(axePaths()).toEqual(expect.arrayContaining(['/', '/admin/visits', '/admin/users/:param', '/client/dashboard']));
  });

  it('has a menu entry or a page that links to it (staff and client areas)', () => {
    const menu = new Set([...ADMIN_NAV, ...CLIENT_NAV].flatMap((group) => group.items.map((item) => item.to)));
    const signedIn = routes.filter((path) => path.startsWith('/admin/') || path.startsWith('/client/'));
    const unreachable = signedIn.filter((path) => !menu.has(path) && !(path in REACHED_FROM_ANOTHER_PAGE));
    expect(unreachable, 'add a menu entry (nav-items.ts) or say which page links to it').toEqual([]);
    expect(
      [...menu].filter((to) => !routes.includes(to)),
      'menu entries with no route',
    ).toEqual([]);
    expect(
      Object.keys(REACHED_FROM_ANOTHER_PAGE).filter((path) => !routes.includes(path) || menu.has(path)),
      'stale entries of REACHED_FROM_ANOTHER_PAGE',
    ).toEqual([]);
  });

  it('has a page title', () => {
    const untitled = routes.filter((path) => pageTitleKey(path.replace(/:\w+/g, 'x1')).key === 'pageTitles.notFound');
    expect(untitled, 'add the route to ROUTE_TITLES (features/shell/page-titles.ts)').toEqual([]);
  });

  it('is visited by the axe sweep (e2e/a11y-routes.spec.ts)', () => {
    const swept = new Set(axePaths().map((path) => routeOf(routes, path)));
    const missing = routes.filter((path) => !swept.has(path) && !(path in AXE_ELSEWHERE));
    expect(missing, 'add the route to a11y-routes.spec.ts').toEqual([]);
    expect(
      Object.keys(AXE_ELSEWHERE).filter((path) => !routes.includes(path) || swept.has(path)),
      'stale entries of AXE_ELSEWHERE',
    ).toEqual([]);
  });
});
