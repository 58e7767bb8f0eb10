import { Button, Code, Group, Modal, PasswordInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { getPaymentGateway, savePaymentGateway } from '@somero/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { api, type CallOutput, fetchData, fieldErrors } from '../../lib/api';
import { useSaving } from '../../lib/saving';
import { feesReportKeys } from './keys';

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
  const [values, setValues] = useState({
    school_code: saved?.school_code ?? '',
    api_password: '',
    mode_id: saved?.mode_id ?? null,
    enabled: saved?.enabled ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<typeof values>) => setValues((v) => ({ ...v, ...patch }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await api(
      savePaymentGateway,
      { ...values, provider: 'schoolpay', api_password: values.api_password || undefined },
      { texts: { success: t('gateway.saved'), failure: t('gateway.failed') } },
    );
    if (!result.ok) {
      setErrors(fieldErrors(result.errors));
      return;
    }
    void queryClient.invalidateQueries({ queryKey: feesReportKeys.online });
    onClose();
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('gateway.help')}
        </Text>
        <TextInput
          label={t('gateway.schoolCode')}
          value={values.school_code}
          onChange={(e) => set({ school_code: e.currentTarget.value })}
          error={errors.school_code}
          required
          data-autofocus
        />
        <PasswordInput
          label={t('gateway.password')}
          description={saved?.has_password ? t('gateway.passwordKept') : undefined}
          value={values.api_password}
          onChange={(e) => set({ api_password: e.currentTarget.value })}
          error={errors.api_password}
          required={!saved?.has_password}
          autoComplete="new-password"
        />
        <ReferenceSelect
          label={t('gateway.mode')}
          description={t('gateway.modeHelp')}
          references="payment_options"
          value={values.mode_id}
          onChange={(id) => set({ mode_id: id })}
          error={errors.mode_id}
          clearable
        />
        <Switch
          label={t('gateway.enabled')}
          checked={values.enabled}
          onChange={(e) => set({ enabled: e.currentTarget.checked })}
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
