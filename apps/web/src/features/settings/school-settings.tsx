import { Grid } from '@mantine/core';
import { CenteredLoader } from '../../components/centered-loader';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-title';
import { can } from '../../lib/access';
import { useUser } from '../../lib/auth';
import { useSchoolDetails } from '../../lib/school';
import { LogoUpload } from './logo-upload';
import { SchoolForm } from './school-form';

/** /settings: the school's details and logo. */
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
          </Grid.Col>
        </Grid>
      )}
    </div>
  );
}
