import { StatusPage } from './status-page';

export default function ServerErrorScreen() {
  return <StatusPage textKey="status.serverError" />;
}
