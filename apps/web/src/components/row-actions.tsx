import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconBan, IconEdit, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** What the row is called, for the buttons' accessible names ("Edit Achieng Aisha"). */
  name: string;
  onEdit?: () => void;
  onDelete?: () => void;
  /** Further buttons before edit and delete (print, open…). */
  children?: ReactNode;
}

/** The edit and delete buttons at the end of a table row; either is left out when not given. */
export function RowActions({ name, onEdit, onDelete, children }: Props) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {children}
      {onEdit ? (
        <Tooltip label={t('common.edit')}>
          <ActionIcon variant="subtle" onClick={onEdit} aria-label={t('common.editNamed', { name })}>
            <IconEdit size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {onDelete ? (
        <Tooltip label={t('common.delete')}>
          <ActionIcon variant="subtle" color="red" onClick={onDelete} aria-label={t('common.deleteNamed', { name })}>
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}

/**
 * The red "void" button of a money record's row (a payment, revenue or expense): voiding keeps the record
 * listed, so it is not the delete button. `label` is its tooltip, `ariaLabel` names the record.
 */
export function VoidButton({ label, ariaLabel, onClick }: { label: string; ariaLabel: string; onClick: () => void }) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color="red" onClick={onClick} aria-label={ariaLabel}>
        <IconBan size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
