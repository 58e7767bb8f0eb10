import { Text } from '@mantine/core';
import { now } from '@somero/contract';
import { useTranslation } from 'react-i18next';

export function Footer({ school }: { school: string }) {
  const { t } = useTranslation();
  return (
    <Text component="footer" className="app-footer" size="sm" c="dimmed">
      © {now().getFullYear()} {school} · {t('footer.credit')}
    </Text>
  );
}
