import { StatusPage } from './status-page';

export default function NotFoundScreen() {
  return <StatusPage textKey="status.notFound" />;
}
