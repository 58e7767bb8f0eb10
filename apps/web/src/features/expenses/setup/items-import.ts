import { expenseItemsTemplate, importExpenseItems, messages } from '@somero/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { resourceKey } from '../../../components/resource/calls';

/** The expense items import, here and on /data/imports. */
export function useItemsImport() {
  const { t } = useTranslation('expenses');
  const queryClient = useQueryClient();
  return {
    key: 'expense-items',
    title: t('importItems.title'),
    description: t('importItems.description'),
    call: importExpenseItems,
    texts: messages.expenses.importItems,
    template: { call: expenseItemsTemplate, name: 'expense-items-import.xlsx' },
    onImported: () => void queryClient.invalidateQueries({ queryKey: resourceKey('expense_items') }),
  };
}
