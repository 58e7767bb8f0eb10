import { expect, type Page, test } from '@playwright/test';
import { projectScreens, routeHref, type ScreenRoute, screenRoutes } from '@somero/contract';
import { axeScreens, seriousViolations } from '../support/axe';
import { admin, apiSignIn, collectPageErrors, seedSession } from '../support/session';

/**
 * Words no school or parent should read on a screen: source names, section marks, programmers'
 * leftovers (issue 25 §3). Checked on every screen of the walk once its data has loaded.
 */
const developerWords = [
  /DOMAIN/,
  /§/,
  /\bvariant/i,
  /not official/i,
  /shulekeeper/i,
  /ugcolleges/i,
  /\bTODO\b/,
  /\bundefined\b/,
  /\bNaN\b/,
  /\bnull\b/,
  /\[object/,
];

/** Detail routes get a made-up id and name: the screen must still show its title. */
const href = (route: ScreenRoute) => routeHref(route.path, { id: 1, name: 'x' });

/**
 * Every signed-in route not built yet, by area: each must say plainly that it is planned, and every
 * other one must not. Building a screen means taking its line out of this list.
 */
const planned: string[] = [
  // fees
  // settings
  // finance
  // assets
  // students
  // medication
  // academics
  // staff
  // communication
  // other
];

const plannedPaths = new Set(planned);
const signedOutScreens = screenRoutes.filter((r) => r.area === 'public' && r.path !== '/lock');
const mainScreens = screenRoutes.filter((r) => r.area !== 'public');
const byArea = new Map<string, ScreenRoute[]>();
for (const route of mainScreens) byArea.set(route.area, [...(byArea.get(route.area) ?? []), route]);

test('the route table has all 186 screens of the specification, and the project’s own', () => {
  expect(screenRoutes).toHaveLength(186 + projectScreens.length);
  expect(signedOutScreens.length + mainScreens.length + 1).toBe(186 + projectScreens.length);
});

test('0 of the 179 signed-in screens are still planned, each a route of the table', () => {
  const paths = new Set(mainScreens.map((r) => r.path));
  expect(planned.filter((p) => !paths.has(p))).toEqual([]);
  expect(new Set(planned).size).toBe(planned.length);
  expect(planned).toHaveLength(0);
  expect(mainScreens.length - projectScreens.length - planned.length).toBe(179);
  // Every screen axe is to read is one the walk passes.
  expect([...axeScreens].filter((path) => !mainScreens.some((r) => href(r) === path))).toEqual([]);
});

test('public screens show their title, signed out', async ({ page }) => {
  const errors = collectPageErrors(page);
  for (const route of signedOutScreens) {
    await page.goto(href(route));
    await expect(page.getByTestId('page-title'), route.path).toHaveText(route.title);
    await expect(page).toHaveTitle(`${route.title} · Somero`);
  }
  expect(errors).toEqual([]);
});

/** A date written month first, as a US English browser would ("Dec 7, 2026"): never on a screen here. */
const monthFirst = /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2}, \d{4}\b/;

/**
 * One page walks every area, each screen visited once for all its checks: the first screen is opened by
 * loading the page (a deep link), the others as the menus open them, without reloading the app, which
 * keeps this walk over 179 screens quick. The browser speaks US English, so a date the app let the
 * browser write would come out month first. Each area's main screen is read by axe on the way
 * (`axeScreens`). A test that fails takes its worker down, and the next area starts again on a new one.
 */
let page: Page;
let errors: string[];
test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 1366, height: 800 },
    reducedMotion: 'reduce',
  });
  await seedSession(context, await apiSignIn(context.request, admin.username, admin.password));
  page = await context.newPage();
  errors = collectPageErrors(page);
});
test.afterAll(async () => {
  await page.context().close();
});

async function open(path: string) {
  if (page.url() === 'about:blank') await page.goto(path);
  else
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
}

for (const [area, routes] of byArea) {
  test(`${area} screens show their title, signed in as the demo admin`, async () => {
    // An area whose main screen axe reads takes longer on a busy machine.
    test.setTimeout(150_000);
    errors.length = 0;
    for (const route of routes) {
      await open(href(route));
      // The title is part of the screen (the frame sets the document's before it), so once it shows the
      // screen has rendered: then where the page is, its document title and any "planned" mark, at once.
      await expect(page.getByTestId('page-title'), route.path).toHaveText(route.title);
      const shown = await page.evaluate(() => ({
        at: window.location.pathname + window.location.search,
        title: document.title,
        planned: document.querySelectorAll('[data-screen-status="planned"]').length,
      }));
      // Its data in (no loader left, five seconds at most), then no developer's word anywhere on it.
      await page
        .waitForFunction(() => !document.querySelector('.mantine-Loader-root'), null, { timeout: 5000 })
        .catch(() => {});
      // The text a user sees (innerText: not the styles and scripts that textContent would read too).
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is checked
      const text = await page.evaluate(() => document.body.innerText);
      for (const word of developerWords) expect(text, `${route.path}: ${word}`).not.toMatch(word);
      expect(text, `${route.path}: a date month first`).not.toMatch(monthFirst);
      if (axeScreens.has(route.path))
        expect(await seriousViolations(page, route.path === '/dashboardv1'), `${route.path}: WCAG 2 A/AA`).toEqual([]);
      expect(shown, route.path).toEqual({
        at: href(route),
        title: `${route.title} · Somero`,
        planned: plannedPaths.has(route.path) ? 1 : 0,
      });
    }
    expect(errors).toEqual([]);
  });
}

test('/lock shows its title signed in, and unlocks', async ({ page, context, request }) => {
  await seedSession(context, await apiSignIn(request, admin.username, admin.password));
  const errors = collectPageErrors(page);
  const lock = screenRoutes.find((r) => r.path === '/lock')!;
  await page.goto('/lock');
  await expect(page.getByTestId('page-title')).toHaveText(lock.title);
  await expect(page).toHaveTitle(`${lock.title} · Somero`);
  await page.getByRole('textbox', { name: 'Password' }).fill(admin.password);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page).toHaveURL(/\/dashboardv1$/);
  expect(errors).toEqual([]);
});
