import { Stack } from '@mantine/core';
import { assetCategoryResource, assetItemResource } from '@somero/contract';
import { PageHeader } from '../../components/page-title';
import { ResourceList } from '../../components/resource/resource-list';

/** /asset/categories: the categories (tag code, depreciation rate), and the items declared under them. */
export default function AssetCategoriesScreen() {
  return (
    <div data-screen-status="built">
      <PageHeader />
      <Stack gap="md">
        <ResourceList resource={assetCategoryResource} heading={assetCategoryResource.label.many} perPage={10} />
        <ResourceList resource={assetItemResource} heading={assetItemResource.label.many} perPage={20} />
      </Stack>
    </div>
  );
}
