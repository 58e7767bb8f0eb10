import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { studentIdCards } from '@somero/contract';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-title';
import { openPdf } from '../../../lib/downloads';
import { StudentsChoiceInput, useStudentsChoice } from './students-choice';

/** /student/idcards: a class's (or stream's) cards, or chosen students', as a PDF to print. */
export default function IdCardsScreen() {
  const { t } = useTranslation('students');
  const choice = useStudentsChoice();
  const [printing, setPrinting] = useState(false);
  const print = async () => {
    setPrinting(true);
    await openPdf({ method: studentIdCards.method, path: studentIdCards.path, body: choice.body });
    setPrinting(false);
  };

  return (
    <div data-screen-status="built">
      <PageHeader />
      <Paper withBorder p="md" maw={760}>
        <Stack>
          <StudentsChoiceInput choice={choice} />
          <Text size="sm" c="dimmed">
            {t('idcards.help')}
          </Text>
          <Group>
            <Button
              leftSection={<IconPrinter size={16} />}
              onClick={() => void print()}
              disabled={!choice.ready}
              loading={printing}
            >
              {t('idcards.print')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </div>
  );
}
