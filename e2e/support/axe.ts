import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Issue 27 §6: readable on a cheap screen in a bright office. axe-core's WCAG 2 A and AA rules: the serious
 * and critical violations of the page as it stands, one line each, for a readable failure. The shell
 * (header, menu) is the same on every screen: the dashboard's check reads the whole page, the others only
 * the screen's own part, which is where they differ (and a third of the time axe takes).
 */
export async function seriousViolations(page: Page, whole = false) {
  const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const { violations } = await (whole ? axe : axe.include('.app-main')).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.slice(0, 3).map((n) => `${v.id}: ${n.target.join(' ')} ${n.failureSummary ?? ''}`));
}

/** Each area's main screen, read by axe as the walk over every screen (routes.spec.ts) passes it. */
export const axeScreens = new Set([
  '/dashboardv1',
  '/students',
  '/fees/pay',
  '/fees/reports/payments',
  '/income/statement',
  '/requisitions/view',
  '/salary/payments',
  '/store/levels',
  '/notification/sms',
  '/exams/reports',
  '/settings',
  '/term/dates',
]);
