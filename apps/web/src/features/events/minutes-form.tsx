import { Modal, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { type EventRow, saveMinutes } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { FormButtons } from '../../components/form-buttons';
import { api } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
import { formatDate } from '../../lib/format';

const parts = ['present', 'apologies', 'agenda', 'resolutions', 'actions'] as const;
type Part = (typeof parts)[number];

/** Record (or correct) the minutes of an event that has taken place: one item a line. */
export function MinutesForm({
  event,
  onClose,
  onSaved,
}: {
  event: EventRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('events');
  const { field, submit } = useContractForm(
    saveMinutes.input,
    {
      present: event.minutes_present ?? '',
      apologies: event.minutes_apologies ?? '',
      agenda: event.minutes_agenda ?? '',
      resolutions: event.minutes_resolutions ?? '',
      actions: event.minutes_actions ?? '',
    } satisfies Record<Part, string>,
    (v) => ({ event_id: event.id, ...v }),
  );
  const save = submit((input) => api(saveMinutes, input), onSaved);
  const hints: Partial<Record<Part, string>> = { present: t('minutes.presentHint'), actions: t('minutes.actionsHint') };
  return (
    <Modal opened onClose={onClose} title={t('minutes.title', { name: event.title })} centered size="xl">
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack>
          <Text c="dimmed" size="sm">
            {formatDate(event.on_date)} · {t('minutes.hint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {parts.map((part, i) => (
              <Textarea
                key={part}
                label={t(`minutes.${part}`)}
                description={hints[part]}
                autosize
                minRows={part === 'apologies' ? 2 : 4}
                data-autofocus={i === 0 ? true : undefined}
                {...field(part)}
              />
            ))}
          </SimpleGrid>
        </Stack>
        <FormButtons onCancel={onClose} submit={t('minutes.save')} />
      </form>
    </Modal>
  );
}
