import {
  Button,
  FileButton,
  Group,
  Image,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { getReportSettings, type ReportSettingsView, saveReportSettings } from '@somero/contract';
import { IconUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../components/centered-loader';
import { LoadError } from '../../components/load-error';
import { MoneyInput } from '../../components/money-input';
import { PageHeader } from '../../components/page-title';
import { api, fetchData } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
import { uploadOf } from '../../lib/files';
import { useSaving } from '../../lib/saving';
import { useImage } from '../../lib/use-image';
import { examSetupKeys } from './keys';

const key = examSetupKeys.reportSettings;
type Switches = {
  [K in keyof ReportSettingsView]: ReportSettingsView[K] extends boolean ? K : never;
}[keyof ReportSettingsView];
const switches: Switches[] = [
  'positions_olevel',
  'positions_alevel',
  'positions_new',
  'subject_places',
  'show_grading_key',
  'show_next_term_fees',
  'show_balance',
];
/** The promotion rule's figure per scheme, with its bounds. */
const rules = [
  { name: 'promote_division', min: 1, max: 9 },
  { name: 'promote_average', min: 0, max: 100 },
  { name: 'promote_points', min: 0, max: 20 },
] as const;

/** The signature or the stamp: shown, replaced by a chosen image, or removed. */
function ImageSetting({
  kind,
  fileId,
  onSaved,
}: {
  kind: 'signature' | 'stamp';
  fileId: number | null;
  onSaved: (saved: ReportSettingsView) => void;
}) {
  const { t } = useTranslation('exams-setup');
  const saving = useSaving();
  const image = useImage(fileId);
  const send = async (value: { filename: string; data: string } | null) => {
    const result = await api(saveReportSettings, { [kind]: value });
    if (result.ok) onSaved(result.data);
  };
  return (
    <Paper withBorder p="md">
      <Stack gap="xs" align="flex-start">
        <Text fw={500}>{t(`reportSettings.${kind}`)}</Text>
        {image ? (
          <Image src={image} alt={t(`reportSettings.${kind}`)} h={70} w="auto" fit="contain" />
        ) : (
          <Text c="dimmed" size="sm">
            {t('reportSettings.none')}
          </Text>
        )}
        <Group gap="xs">
          <FileButton
            onChange={(file) => file && void uploadOf(file).then(send)}
            accept="image/png,image/jpeg,image/webp"
          >
            {(props) => (
              <Button {...props} variant="light" size="xs" leftSection={<IconUpload size={14} />} loading={saving}>
                {t('reportSettings.choose')}
              </Button>
            )}
          </FileButton>
          {fileId !== null && (
            <Button variant="subtle" color="red" size="xs" onClick={() => void send(null)} disabled={saving}>
              {t('reportSettings.remove')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** /report/setting: how the school's report cards print. */
export default function ReportSettingsScreen() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: key, queryFn: () => fetchData(getReportSettings, {}).then((r) => r.data) });

  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <CenteredLoader />;
  const settings = query.data;

  return (
    <Stack>
      <PageHeader />
      <PrintSettings settings={settings} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {(['signature', 'stamp'] as const).map((kind) => (
          <ImageSetting
            key={kind}
            kind={kind}
            fileId={kind === 'signature' ? settings.head_teacher_signature_file_id : settings.stamp_file_id}
            // Only the images change here; switches being edited stay as they are.
            onSaved={(saved) => queryClient.setQueryData(key, saved)}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** The printed parts, promotion and withholding: one form, checked by the call's schema as fields are left. */
function PrintSettings({ settings }: { settings: ReportSettingsView }) {
  const { t } = useTranslation('exams-setup');
  const queryClient = useQueryClient();
  const saving = useSaving();
  const { head_teacher_signature_file_id: _s, stamp_file_id: _t, ...start } = settings;
  const { field, values, setValue, submit } = useContractForm(saveReportSettings.input, start);
  const save = submit(
    (input) => api(saveReportSettings, input),
    (saved) => queryClient.setQueryData(key, saved),
  );

  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={3} size="h4">
          {t('reportSettings.printed')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {switches.map((name) => (
            <Switch
              key={name}
              label={t(`reportSettings.${name}`)}
              checked={values[name]}
              onChange={(e) => setValue(name, e.currentTarget.checked)}
            />
          ))}
        </SimpleGrid>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('reportSettings.mark_decimals')}
          </Text>
          <SegmentedControl
            fullWidth
            maw={340}
            value={String(values.mark_decimals)}
            onChange={(v) => setValue('mark_decimals', Number(v))}
            data={[0, 1, 2].map((n) => ({ value: String(n), label: t(`reportSettings.decimals${n}`) }))}
          />
        </Stack>
        <Title order={3} size="h4">
          {t('reportSettings.promotion')}
        </Title>
        <Switch
          label={t('reportSettings.show_promotion')}
          description={t('reportSettings.promotionHelp')}
          checked={values.show_promotion}
          onChange={(e) => setValue('show_promotion', e.currentTarget.checked)}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {rules.map(({ name, min, max }) => (
            <NumberInput
              key={name}
              label={t(`reportSettings.${name}`)}
              min={min}
              max={max}
              allowDecimal={false}
              disabled={!values.show_promotion}
              {...field(name)}
              onChange={(value) => field(name).onChange(typeof value === 'number' ? value : min)}
            />
          ))}
        </SimpleGrid>
        <Title order={3} size="h4">
          {t('reportSettings.clearance')}
        </Title>
        <Switch
          label={t('reportSettings.withhold_when_owing')}
          description={t('reportSettings.withholdHelp')}
          checked={values.withhold_when_owing}
          onChange={(e) => setValue('withhold_when_owing', e.currentTarget.checked)}
        />
        <MoneyInput
          label={t('reportSettings.withhold_above')}
          maw={280}
          disabled={!values.withhold_when_owing}
          {...field('withhold_above')}
          onChange={(value) => field('withhold_above').onChange(value ?? 0)}
        />
        <Group>
          <Button onClick={() => void save()} loading={saving}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
