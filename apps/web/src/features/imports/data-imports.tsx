import { Alert, SimpleGrid } from '@mantine/core';
import {
  balancesTemplate,
  type CallAccess,
  importBalances,
  importExpenseItems,
  importStaff,
  importStudentCodes,
  importStudents,
  messages,
  staffImportTemplate,
  studentCodesTemplate,
  studentImportTemplate,
} from '@somero/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-title';
import { resourceKey } from '../../components/resource/calls';
import { can } from '../../lib/access';
import { useUser } from '../../lib/auth';
import { useItemsImport } from '../expenses';
import { additions, deductions, feesSetupKeys } from '../fees-setup';
import { studentKeys } from '../students';
import { ImportCard, type ImportKind } from './import-card';

/** /data/imports, shown to everyone: the imports the user's flags allow. Each area adds its cards here. */
export default function DataImportsScreen() {
  const { t } = useTranslation('imports');
  const user = useUser();
  const queryClient = useQueryClient();
  const reloadStudents = () => void queryClient.invalidateQueries({ queryKey: studentKeys.all });
  const items = useItemsImport();
  const kinds: (ImportKind & { access: CallAccess })[] = [
    {
      key: 'students',
      access: importStudents.access,
      title: t('students.title'),
      description: t('students.description'),
      call: importStudents,
      texts: { success: messages.students.import.success, failure: messages.students.import.failure },
      template: { call: studentImportTemplate, name: 'students-import.xlsx' },
      onImported: reloadStudents,
    },
    {
      key: 'student-codes',
      access: importStudentCodes.access,
      title: t('codes.title'),
      description: t('codes.description'),
      call: importStudentCodes,
      texts: { success: messages.students.importCodes.success, failure: messages.students.importCodes.failure },
      template: { call: studentCodesTemplate, name: 'payment-codes-import.xlsx' },
      onImported: reloadStudents,
    },
    ...[additions, deductions].map((kind) => ({
      key: kind.key,
      access: kind.importCall.access,
      title: t(`${kind.key}.title`),
      description: t(`${kind.key}.description`),
      call: kind.importCall,
      texts: kind.importTexts,
      template: kind.template,
      onImported: () => void queryClient.invalidateQueries({ queryKey: feesSetupKeys.adjustments(kind.key) }),
    })),
    {
      key: 'balances',
      access: importBalances.access,
      title: t('balances.title'),
      description: t('balances.description'),
      call: importBalances,
      texts: messages.previousDebts.import,
      template: { call: balancesTemplate, name: 'previous-balances-import.xlsx' },
      onImported: () => void queryClient.invalidateQueries({ queryKey: feesSetupKeys.debts }),
    },
    {
      key: 'staff',
      access: importStaff.access,
      title: t('staff.title'),
      description: t('staff.description'),
      call: importStaff,
      texts: messages.staff.import,
      template: { call: staffImportTemplate, name: 'staff-import.xlsx' },
      onImported: () => void queryClient.invalidateQueries({ queryKey: resourceKey('staff') }),
    },
    { ...items, access: importExpenseItems.access },
  ];
  const allowed = kinds.filter((k) => can(user, k.access));
  return (
    <div data-screen-status="built">
      <PageHeader />
      {allowed.length === 0 ? (
        <Alert color="gray">{t('none')}</Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          {allowed.map((kind) => (
            <ImportCard key={kind.key} kind={kind} />
          ))}
        </SimpleGrid>
      )}
    </div>
  );
}
