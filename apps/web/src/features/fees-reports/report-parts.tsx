import { Button, Paper, TextInput, Title } from '@mantine/core';
import { type Call, resourceByPath } from '@somero/contract';
import { IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { can } from '../../lib/access';
import { ApiError, type CallInput, fetchData, fieldErrors } from '../../lib/api';
import { useUser } from '../../lib/auth';
import { downloadSpreadsheet } from '../../lib/downloads';
import { today } from '../../lib/format';

export const startOfYear = () => `${today().slice(0, 4)}-01-01`;
export const startOfMonth = () => `${today().slice(0, 7)}-01`;

/**
 * A report asked with a form: it runs for the filters last submitted (`asked`, which the export uses
 * too), keeps the previous figures while the next load, and gives the field messages of a 422.
 */
export function useAskedReport<C extends Call>(key: string, call: C, current: CallInput<C>) {
  const [asked, setAsked] = useState(current);
  const report = useQuery({
    queryKey: ['fees-reports', key, asked],
    queryFn: () => fetchData(call, asked).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const errors = report.error instanceof ApiError ? fieldErrors(report.error.result.errors) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAsked(current);
  };
  return { report, asked, errors, submit };
}

export interface Range {
  from: string;
  to: string;
}

/** The "xlsx" button of a report: the same call and filters with `format: 'xlsx'`, saved under the server's name. */
export function ExportButton({
  call,
  body,
  defaultName,
  disabled,
}: {
  call: Call;
  body: Record<string, unknown>;
  defaultName: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('fees-reports');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    await downloadSpreadsheet({ method: call.method, path: call.path, body: { ...body, format: 'xlsx' } }, defaultName);
    setBusy(false);
  };
  return (
    <Button
      variant="light"
      leftSection={<IconDownload size={16} />}
      onClick={() => void run()}
      loading={busy}
      disabled={disabled}
    >
      {t('export')}
    </Button>
  );
}

/** The two date inputs of a report's filter form. */
export function DateRangeInputs({
  value,
  onChange,
  errors,
}: {
  value: Range;
  onChange: (next: Range) => void;
  errors?: Record<string, string>;
}) {
  const { t } = useTranslation('fees-reports');
  return (
    <>
      <TextInput
        type="date"
        label={t('filters.from')}
        value={value.from}
        onChange={(e) => onChange({ ...value, from: e.currentTarget.value })}
        error={errors?.from}
      />
      <TextInput
        type="date"
        label={t('filters.to')}
        value={value.to}
        onChange={(e) => onChange({ ...value, to: e.currentTarget.value })}
        error={errors?.to}
      />
    </>
  );
}

/** A titled panel of a report screen. */
export function Panel({ title, children, testId }: { title?: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder p="md" mb="md" data-testid={testId}>
      {title ? (
        <Title order={3} size="h4" mb="sm">
          {title}
        </Title>
      ) : null}
      {children}
    </Paper>
  );
}

/** Rows of one client-side page (reports answer their whole range; the table shows it 50 at a time). */
export const pageOf = <Row,>(rows: Row[] | undefined, page: number, perPage: number) =>
  rows?.slice((page - 1) * perPage, page * perPage);

/** The payment mode filter; left out for a user who may not list the payment modes (the declaration's read access). */
export function ModeSelect({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const { t } = useTranslation('fees-reports');
  const user = useUser();
  const modes = resourceByPath('payment_options');
  if (!modes || !can(user, modes.read)) return null;
  return (
    <ReferenceSelect
      label={t('filters.mode')}
      placeholder={t('filters.all')}
      references="payment_options"
      w={180}
      value={value}
      onChange={onChange}
    />
  );
}
