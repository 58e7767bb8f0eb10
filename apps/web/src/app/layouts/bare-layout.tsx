import { Anchor, Box, Center, Text } from '@mantine/core';
import { now } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';

/** The public screens: a centred card on the theme's background, no menus. */
export function BareLayout() {
  const { t } = useTranslation();
  return (
    <Box className="bare-layout">
      <Center mih="100dvh" p="md" style={{ flexDirection: 'column' }}>
        <Text className="bare-brand" fw={700} fz={28} mb="md">
          {t('brand')}
        </Text>
        <Box w="100%" maw={460}>
          <Outlet />
        </Box>
        <Text c="dimmed" size="xs" mt="lg">
          © {now().getFullYear()}{' '}
          <Anchor component={Link} to="/" c="dimmed" inherit>
            {t('footer.credit')}
          </Anchor>
        </Text>
      </Center>
    </Box>
  );
}
