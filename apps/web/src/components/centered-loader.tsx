import { Center, Loader } from '@mantine/core';

export function CenteredLoader({ height = 240 }: { height?: number | string }) {
  return (
    <Center h={height}>
      <Loader aria-label="Loading" />
    </Center>
  );
}
