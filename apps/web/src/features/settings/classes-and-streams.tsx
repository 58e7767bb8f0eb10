import { SimpleGrid } from '@mantine/core';
import { classResource, streamResource } from '@somero/contract';
import { PageHeader } from '../../components/page-title';
import { ResourceList } from '../../components/resource/resource-list';

/** /streams: the classes and their streams, two generic lists side by side. */
export default function ClassesAndStreamsScreen() {
  return (
    <div data-screen-status="built">
      <PageHeader />
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
        <ResourceList resource={classResource} heading={classResource.label.many} perPage={10} />
        <ResourceList resource={streamResource} heading={streamResource.label.many} perPage={10} />
      </SimpleGrid>
    </div>
  );
}
