import { Badge } from '@mantine/core';
import { assetConditions } from '@somero/contract';
import { useTranslation } from 'react-i18next';

export const conditionOptions = assetConditions.map((c) => ({ value: c.value, label: c.label }));
export const conditionLabel = (value: string) => assetConditions.find((c) => c.value === value)?.label ?? value;

const colours: Record<string, string> = { in_use: 'green', disposed: 'gray', void: 'red' };

/** In use, written off or void (its purchase was voided or reduced). */
export function AssetStatus({ status, title }: { status: string; title?: string | null }) {
  const { t } = useTranslation('assets');
  return (
    <Badge variant="light" color={colours[status] ?? 'gray'} title={title ?? ''} data-testid="asset-status">
      {t(`status.${status}`)}
    </Badge>
  );
}
