import type { ScreenLoader } from '../../app/lazy-screen';
import type { EventsScreen } from './events-screens';

// Kept tiny: this table is in the app's first chunk; the strings load with the screens' own chunk.
const screen =
  (name: EventsScreen): ScreenLoader =>
  () =>
    import('./load').then((m) => m.load(name));

/** The events' routes; strings in `locales/en/events.json`. */
export const eventsScreens: Record<string, ScreenLoader> = {
  '/events': screen('Events'),
  '/events/report': screen('EventsReport'),
};
