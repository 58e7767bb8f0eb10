import { notifications } from '@mantine/notifications';
import { noticeMilliseconds, noticeTitles } from '@somero/contract';

/** The two notices of the specification: "Successful" and "Error Occurred", gone after 4 s. */
export function noticeSuccess(message: string) {
  notifications.show({ title: noticeTitles.success, message, color: 'green', autoClose: noticeMilliseconds });
}

export function noticeError(message: string) {
  notifications.show({ title: noticeTitles.error, message, color: 'red', autoClose: noticeMilliseconds });
}
