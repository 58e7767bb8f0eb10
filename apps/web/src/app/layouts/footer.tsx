import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function Footer({ school }: { school: string }) {
  const { t } = useTranslation();
  return (
    <Text component="footer" className="app-footer" size="sm" c="dimmed">
      © {new Date().getFullYear()} {school} · {t('footer.credit')}
    </Text>
  );
}
