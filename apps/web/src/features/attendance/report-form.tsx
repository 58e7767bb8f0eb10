import { Button, Group, Paper } from '@mantine/core';
import type { Call } from '@somero/contract';
import { now } from '@somero/contract';
import { IconPrinter } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFields } from '../../components/list-filters';
import { openPdf } from '../../lib/downloads';
import { localDate, today } from '../../lib/format';

/** The first of this month to today: a report's default range. */
export const thisMonth = () => {
  const d = now();
  return { from: localDate(new Date(d.getFullYear(), d.getMonth(), 1)), to: today() };
};

/** A report's bar: the dates, any extra field, and Show. */
export function RangeForm({
  value,
  onChange,
  onSubmit,
  errors,
  children,
}: {
  value: { from: string; to: string };
  onChange: (next: { from: string; to: string }) => void;
  onSubmit: (event: FormEvent) => void;
  errors: Record<string, string>;
  children?: ReactNode;
}) {
  const { t } = useTranslation('attendance');
  return (
    <Paper withBorder p="md" mb="md">
      <form onSubmit={onSubmit} noValidate>
        <Group align="flex-end" wrap="wrap">
          <DateRangeFields
            value={value}
            onChange={onChange}
            labels={{ from: t('fields.from'), to: t('fields.to') }}
            errors={errors}
          />
          {children}
          <Button type="submit">{t('report.show')}</Button>
        </Group>
      </form>
    </Paper>
  );
}

/** The "PDF" button of a report: the same call and filters with `format: 'pdf'`, opened to print. */
export function PdfButton({ call, body }: { call: Call; body: Record<string, unknown> }) {
  const { t } = useTranslation('attendance');
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="light"
      leftSection={<IconPrinter size={16} />}
      loading={busy}
      onClick={async () => {
        setBusy(true);
        await openPdf({ method: call.method, path: call.path, body: { ...body, format: 'pdf' } });
        setBusy(false);
      }}
    >
      {t('report.pdf')}
    </Button>
  );
}
