import { Anchor, Box, Center, Text } from '@mantine/core';
import { Outlet } from 'react-router';

/** The public screens: a centred card on the theme's background, no menus. */
export function BareLayout() {
  return (
    <Box className="bare-layout">
      <Center mih="100dvh" p="md" style={{ flexDirection: 'column' }}>
        <Text className="bare-brand" fw={700} fz={28} mb="md">
          Somero
        </Text>
        <Box w="100%" maw={460}>
          <Outlet />
        </Box>
        <Text c="dimmed" size="xs" mt="lg">
          © {new Date().getFullYear()}{' '}
          <Anchor href="/" c="dimmed" inherit>
            Somero School Management
          </Anchor>
        </Text>
      </Center>
    </Box>
  );
}
