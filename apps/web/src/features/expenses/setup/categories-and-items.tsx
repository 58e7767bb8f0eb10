import { Stack } from '@mantine/core';
import { expenseCategoryResource, expenseItemResource } from '@somero/contract';
import { PageHeader } from '../../../components/page-title';
import { ResourceList } from '../../../components/resource/resource-list';
import { ImportCard } from '../../imports';
import { useItemsImport } from './items-import';

/** /expenses/categories: the categories, and the items bought under them (two generic lists), and the items import. */
export default function CategoriesAndItemsScreen() {
  const importItems = useItemsImport();
  return (
    <div data-screen-status="built">
      <PageHeader />
      <Stack gap="md">
        <ResourceList resource={expenseCategoryResource} heading={expenseCategoryResource.label.many} perPage={10} />
        <ResourceList resource={expenseItemResource} heading={expenseItemResource.label.many} perPage={20} />
        <ImportCard kind={importItems} />
      </Stack>
    </div>
  );
}
