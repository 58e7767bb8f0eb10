import { StatusPage } from './status-page';

export default function MaintenanceScreen() {
  return <StatusPage textKey="status.maintenance" />;
}
