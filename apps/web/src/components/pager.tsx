import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  page: number;
  perPage: number;
  total: number;
  onChange: (page: number) => void;
}

/** "Showing 1–20 of 45" and the page buttons under a server-paged table. */
export function Pager({ page, perPage, total, onChange }: Props) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / perPage));
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {t('common.showing', { from, to, total })}
      </Text>
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={page}
          onChange={onChange}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': t(`common.page.${control}`) })}
        />
      ) : null}
    </Group>
  );
}
