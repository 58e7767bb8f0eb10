import { createElement } from 'react';
import type { ScreenLoader } from '../../app/lazy-screen';
import { withStrings } from '../../app/with-strings';

/** The visits screens delete with the fees desk's reason dialog, so that area's strings load too. */
const visits = (patient: 'student' | 'staff'): ScreenLoader =>
  withStrings(
    'sickbay',
    withStrings('fees-desk', () =>
      import('./visits').then((m) => ({ default: () => createElement(m.default, { patient }) })),
    ),
  );
/** The reports use the fees reports' export button. */
const report = (load: ScreenLoader) => withStrings('sickbay', withStrings('fees-reports', load));

/** The sick bay's routes; strings in `locales/en/sickbay.json`. */
export const sickbayScreens: Record<string, ScreenLoader> = {
  '/student/medication': visits('student'),
  '/staff/medication': visits('staff'),
  '/medication/report': report(() => import('./sickbay-report')),
  '/medication/periodic': report(() => import('./sickbay-periodic')),
};
