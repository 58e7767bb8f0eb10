import type { ComponentType } from 'react';
import type { ScreenModule } from '../../app/lazy-screen';
import { loadStrings } from '../../lib/i18n';

const screens: Record<string, () => Promise<ComponentType>> = {
  SendSms: () => import('./send-sms').then((m) => m.default),
  SmsPackages: () => import('./sms-packages').then((m) => m.default),
  NotificationReport: () => import('./notification-report').then((m) => m.default),
  SendEmail: () => import('./send-email').then((m) => m.default),
};
export type NotificationScreen = 'SendSms' | 'SmsPackages' | 'NotificationReport' | 'SendEmail';

/** A screen with its strings loaded. */
export async function withStrings(name: NotificationScreen): Promise<ScreenModule> {
  const [screen] = await Promise.all([
    screens[name](),
    loadStrings('notifications'),
    // The e-mail screen keeps its strings apart.
    name === 'SendEmail' ? loadStrings('emails') : null,
  ]);
  return { default: screen as ComponentType };
}
