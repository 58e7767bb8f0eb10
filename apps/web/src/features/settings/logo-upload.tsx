import { Button, FileButton, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { type SchoolDetails, uploadLogo } from '@somero/contract';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { uploadOf } from '../../lib/files';
import { useSaving } from '../../lib/saving';
import { schoolKey } from '../../lib/school';
import { useImage } from '../../lib/use-image';

/** The school logo: printed on documents and shown in the header. Sent as base64; the server resizes it. */
export function LogoUpload({ school, editable }: { school: SchoolDetails; editable: boolean }) {
  const { t } = useTranslation('settings');
  const saving = useSaving();
  const queryClient = useQueryClient();
  const logo = useImage(school.logo_file_id);
  const [error, setError] = useState<string>();

  const upload = async (file: File | null) => {
    if (!file) return;
    setError(undefined);
    const result = await api(uploadLogo, await uploadOf(file));
    if (result.ok) queryClient.setQueryData(schoolKey, result.data);
    else setError(result.errors?.data?.[0] ?? result.message);
  };

  return (
    <Paper withBorder p="md">
      <Title order={3} size="h4" mb="md">
        {t('school.logo')}
      </Title>
      <Stack align="center" gap="sm">
        {logo ? (
          <Image src={logo} alt={t('school.logoAlt')} h={120} w="auto" fit="contain" data-testid="settings-logo" />
        ) : (
          <Text c="dimmed" size="sm">
            {t('school.noLogo')}
          </Text>
        )}
        {editable ? (
          <FileButton onChange={(f) => void upload(f)} accept="image/png,image/jpeg,image/webp">
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconUpload size={16} />} loading={saving}>
                {t('school.uploadLogo')}
              </Button>
            )}
          </FileButton>
        ) : null}
        {error ? (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
