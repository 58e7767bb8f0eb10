import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { feesDemandNotes } from '@somero/contract';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { MoneyInput } from '../../components/money-input';
import { PageHeader } from '../../components/page-title';
import { openPdf } from '../../lib/downloads';
import { StudentsChoiceInput, useStudentsChoice } from '../students';

/** /fees/demand: demand notes for a class (or stream) or chosen students, one per page, as a PDF to print. */
export default function DemandNotesScreen() {
  const { t } = useTranslation('fees-reports');
  const choice = useStudentsChoice();
  const [minBalance, setMinBalance] = useState<number | null>(0);
  const [dueOn, setDueOn] = useState('');
  const [printing, setPrinting] = useState(false);
  const print = async () => {
    setPrinting(true);
    await openPdf({
      method: feesDemandNotes.method,
      path: feesDemandNotes.path,
      body: { ...choice.body, min_balance: minBalance ?? 0, due_on: dueOn || undefined },
    });
    setPrinting(false);
  };

  return (
    <div data-screen-status="built">
      <PageHeader />
      <Paper withBorder p="md" maw={760}>
        <Stack>
          <StudentsChoiceInput choice={choice} />
          <Group align="flex-end">
            <MoneyInput label={t('demand.owingMore')} w={200} value={minBalance} onChange={setMinBalance} />
            <DateField label={t('demand.dueOn')} value={dueOn} onChange={setDueOn} />
          </Group>
          <Text size="sm" c="dimmed">
            {t('demand.help')}
          </Text>
          <Group>
            <Button
              leftSection={<IconPrinter size={16} />}
              onClick={() => void print()}
              disabled={!choice.ready}
              loading={printing}
            >
              {t('demand.print')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </div>
  );
}
