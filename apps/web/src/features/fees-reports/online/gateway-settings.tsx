import { Button, Code, Group, Modal, PasswordInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { getPaymentGateway, savePaymentGateway } from '@somero/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ReferenceSelect } from '../../../components/resource/reference-select';
import { api, type CallOutput, fetchData } from '../../../lib/api';
import { useContractForm } from '../../../lib/contract-form';
import { useSaving } from '../../../lib/saving';
import { feesReportKeys } from '../keys';

type Gateway = NonNullable<CallOutput<typeof getPaymentGateway>>;

/**
 * The school's aggregator account (SchoolPay): school code, API password (never shown again; left
 * empty it stays), the payment mode its payments go to, and the webhook address to give
 * the provider.
 */
export function GatewaySettings({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('fees-reports');
  const gateway = useQuery({
    queryKey: feesReportKeys.gateway,
    queryFn: () => fetchData(getPaymentGateway, {}).then((r) => r.data),
  });
  return (
    <Modal opened onClose={onClose} title={t('gateway.title')} size="lg" centered>
      {gateway.isPending ? null : <GatewayForm saved={gateway.data ?? null} onClose={onClose} />}
    </Modal>
  );
}

function GatewayForm({ saved, onClose }: { saved: Gateway | null; onClose: () => void }) {
  const { t } = useTranslation('fees-reports');
  const saving = useSaving();
  const queryClient = useQueryClient();
  const { field, values, setValue, submit } = useContractForm(
    savePaymentGateway.input,
    {
      school_code: saved?.school_code ?? '',
      api_password: '',
      mode_id: saved?.mode_id ?? null,
      enabled: saved?.enabled ?? true,
    },
    // An empty password keeps the one saved.
    (v) => ({ ...v, provider: 'schoolpay' as const, api_password: v.api_password || undefined }),
  );
  const save = submit(
    (input) => api(savePaymentGateway, input, { texts: { success: t('gateway.saved'), failure: t('gateway.failed') } }),
    () => {
      void queryClient.invalidateQueries({ queryKey: feesReportKeys.online });
      onClose();
    },
  );

  return (
    <form onSubmit={(e) => void save(e)} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('gateway.help')}
        </Text>
        <TextInput label={t('gateway.schoolCode')} required data-autofocus {...field('school_code')} />
        <PasswordInput
          label={t('gateway.password')}
          description={saved?.has_password ? t('gateway.passwordKept') : undefined}
          required={!saved?.has_password}
          autoComplete="new-password"
          {...field('api_password')}
        />
        <ReferenceSelect
          label={t('gateway.mode')}
          description={t('gateway.modeHelp')}
          references="payment_options"
          clearable
          {...field('mode_id')}
        />
        <Switch
          label={t('gateway.enabled')}
          checked={values.enabled}
          onChange={(e) => setValue('enabled', e.currentTarget.checked)}
        />
        {saved ? (
          <Text size="sm">
            {t('gateway.webhook')} <Code>{`${window.location.origin}${saved.webhook_path}`}</Code>
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
