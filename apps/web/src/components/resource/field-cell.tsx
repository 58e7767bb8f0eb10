import { Badge } from '@mantine/core';
import { type Field, phoneDisplay } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { useReferenceOptions } from './reference-options';

function ReferenceLabel({ references, value }: { references: string; value: unknown }) {
  const { labelOf } = useReferenceOptions(references);
  return <>{labelOf(value) || (value === null || value === undefined ? '' : '…')}</>;
}

function ReferencesLabel({ references, value, none }: { references: string; value: unknown; none?: string }) {
  const { labelOf } = useReferenceOptions(references);
  const ids = Array.isArray(value) ? value : [];
  return <>{ids.length === 0 ? (none ?? '') : ids.map((id) => labelOf(id) || '…').join(', ')}</>;
}

/** A list cell: references by their label, options by theirs, money, dates and phones (07…) formatted. */
export function FieldCell({ field, value }: { field: Field; value: unknown }) {
  const { t } = useTranslation();
  if (field.kind === 'reference' && field.references)
    return <ReferenceLabel references={field.references} value={value} />;
  if (field.kind === 'references' && field.references)
    return <ReferencesLabel references={field.references} value={value} none={field.none} />;
  if (value === null || value === undefined || value === '') return null;
  switch (field.kind) {
    case 'select':
      return <>{field.options?.find((o) => o.value === value)?.label ?? String(value)}</>;
    case 'boolean':
      return (
        <Badge variant="light" color={value ? 'green' : 'gray'}>
          {value ? t('common.yes') : t('common.no')}
        </Badge>
      );
    case 'money':
      return <>{formatMoney(Number(value))}</>;
    case 'date':
      return <>{formatDate(String(value))}</>;
    case 'datetime':
      return <>{formatDateTime(String(value))}</>;
    case 'phone':
      return <>{phoneDisplay(String(value))}</>;
    default:
      return <>{String(value)}</>;
  }
}
