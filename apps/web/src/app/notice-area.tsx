import { Notifications } from '@mantine/notifications';
import { noticeMilliseconds } from '@somero/contract';

/** Mantine's notification container; its own chunk, mounted when the first notice is shown. */
export default function NoticeArea() {
  return <Notifications position="top-right" autoClose={noticeMilliseconds} />;
}
