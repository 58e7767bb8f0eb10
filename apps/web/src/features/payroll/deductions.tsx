import { Stack } from '@mantine/core';
import { salaryDeductionResource, staffAllowanceResource } from '@somero/contract';
import { PageHeader } from '../../components/page-title';
import { ResourceList } from '../../components/resource/resource-list';

/** /salary/deductions: each staff member's standing deductions (SACCO, welfare, loans) and allowances. */
export default function DeductionsScreen() {
  return (
    <div data-screen-status="built">
      <PageHeader />
      <Stack gap="md">
        <ResourceList resource={salaryDeductionResource} heading={salaryDeductionResource.label.many} perPage={20} />
        <ResourceList resource={staffAllowanceResource} heading={staffAllowanceResource.label.many} perPage={20} />
      </Stack>
    </div>
  );
}
