import { Grid } from '@mantine/core';
import { backups } from '@somero/contract';
import { CenteredLoader } from '../../components/centered-loader';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-title';
import { can } from '../../lib/access';
import { useUser } from '../../lib/auth';
import { useSchoolDetails } from '../../lib/school';
import { Backups } from './backups';
import { LogoUpload } from './logo-upload';
import { SchoolForm } from './school-form';

/** /settings: the school's details and logo; for administrators, the server's backups. */
export default function SchoolSettingsScreen() {
  const user = useUser();
  const school = useSchoolDetails();
  const editable = can(user, 'general_settings');
  return (
    <div data-screen-status="built">
      <PageHeader />
      {school.isPending ? (
        <CenteredLoader />
      ) : school.isError ? (
        <LoadError error={school.error} onRetry={() => void school.refetch()} />
      ) : (
        <Grid>
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <SchoolForm key={school.data.id} school={school.data} editable={editable} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <LogoUpload school={school.data} editable={editable} />
            {can(user, backups.access) ? <Backups /> : null}
          </Grid.Col>
        </Grid>
      )}
    </div>
  );
}
