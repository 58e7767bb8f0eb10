import type { ScreenLoader } from '../../app/lazy-screen';
import type { NotificationScreen } from './notification-screens';

// Kept tiny: this table is in the app's first chunk; the strings load with the screens' own chunk.
const screen =
  (name: NotificationScreen): ScreenLoader =>
  () =>
    import('./load').then((m) => m.load(name));

/** The Notification Center's SMS routes; strings in `locales/en/notifications.json`. */
export const notificationScreens: Record<string, ScreenLoader> = {
  '/notification/sms': screen('SendSms'),
  '/sms/packages': screen('SmsPackages'),
  '/notification/report': screen('NotificationReport'),
  '/notification/emails': screen('SendEmail'),
};
