import { Button, Stack } from '@mantine/core';
import { importStaff, messages, routeHref, staffImportTemplate, staffResource } from '@somero/contract';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-title';
import { resourceKey } from '../../components/resource/calls';
import { ResourceList } from '../../components/resource/resource-list';
import { can } from '../../lib/access';
import { useUser } from '../../lib/auth';
import { ImportCard } from '../imports';
import { staffForm } from './staff-form';

/** /staff: the register (search, filter by position, add, edit, remove), each name opening the profile; the import. */
export default function StaffScreen() {
  const { t } = useTranslation('staff');
  const user = useUser();
  const queryClient = useQueryClient();
  const [importing, setImporting] = useState(false);
  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          can(user, importStaff.access) ? (
            <Button
              variant="light"
              leftSection={<IconFileSpreadsheet size={16} />}
              onClick={() => setImporting((open) => !open)}
            >
              {importing ? t('list.hideImport') : t('list.import')}
            </Button>
          ) : null
        }
      />
      <Stack>
        {importing ? (
          <ImportCard
            kind={{
              key: 'staff',
              title: t('import.title'),
              description: t('import.description'),
              call: importStaff,
              texts: messages.staff.import,
              template: { call: staffImportTemplate, name: 'staff-import.xlsx' },
              onImported: () => void queryClient.invalidateQueries({ queryKey: resourceKey(staffResource.path) }),
            }}
          />
        ) : null}
        <ResourceList resource={staffForm} rowLink={(row) => routeHref('/staff/profile/{id}', { id: row.id })} />
      </Stack>
    </div>
  );
}
