/** The Notification Center's query keys (lib/query-keys.ts). */
export const notificationKeys = {
  emailSettings: ['email_settings'] as const,
  sentEmails: ['sent_emails'] as const,
  credits: ['sms_packages'] as const,
  sentSms: (page: number) => ['sent_sms', page] as const,
  sent: (filters: unknown, page: number) => ['sent_notifications', filters, page] as const,
};
