import { Text } from '@mantine/core';
import { resourceByPath } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-title';
import { ResourceList } from '../../components/resource/resource-list';

const lists = resourceByPath('student/requirements');

/** /student/requirements: each class's list per term and section (what to bring, how many, money instead). */
export default function RequirementListsScreen() {
  const { t } = useTranslation('requirements');
  return (
    <div data-screen-status="built">
      <PageHeader />
      <Text size="sm" c="dimmed" mb="sm">
        {t('lists.help')}
      </Text>
      {lists ? <ResourceList resource={lists} /> : null}
    </div>
  );
}
