import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { chunkTimeoutMilliseconds } from '@somero/contract';
import {
  Component,
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../components/centered-loader';

export type ScreenModule = { default: ComponentType };
export type ScreenLoader = () => Promise<ScreenModule>;

class ChunkTimeout extends Error {}

function withTimeout(load: ScreenLoader): Promise<ScreenModule> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeout('Screen chunk timed out')), chunkTimeoutMilliseconds);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** One lazy component per loader, so revisiting a screen does not suspend again; Retry replaces it. */
const lazyScreens = new Map<ScreenLoader, LazyExoticComponent<ComponentType>>();
function lazyScreen(load: ScreenLoader) {
  let screen = lazyScreens.get(load);
  if (!screen) {
    screen = lazy(() => withTimeout(load));
    lazyScreens.set(load, screen);
  }
  return screen;
}

function ScreenFailed({ timedOut, onRetry }: { timedOut: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Center mih={320} role="alert" data-screen-status="failed">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Title order={3}>{timedOut ? t('chunk.timeoutTitle') : t('chunk.failedTitle')}</Title>
        <Text c="dimmed">{timedOut ? t('chunk.timeoutBody') : t('chunk.failedBody')}</Text>
        <Button onClick={onRetry}>{t('chunk.retry')}</Button>
      </Stack>
    </Center>
  );
}

interface BoundaryProps {
  children: ReactNode;
  onRetry: () => void;
}
class ScreenBoundary extends Component<BoundaryProps, { error: unknown }> {
  state = { error: undefined as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    if (this.state.error === undefined) return this.props.children;
    return <ScreenFailed timedOut={this.state.error instanceof ChunkTimeout} onRetry={this.props.onRetry} />;
  }
}

/** A screen loaded as its own chunk; a chunk not loaded in 120 s (or failing) shows Retry. */
export function LazyScreen({ load }: { load: ScreenLoader }) {
  const [attempt, setAttempt] = useState(0);
  const Screen = lazyScreen(load);
  const retry = () => {
    lazyScreens.delete(load);
    setAttempt((n) => n + 1);
  };
  return (
    <ScreenBoundary key={attempt} onRetry={retry}>
      <Suspense fallback={<CenteredLoader />}>
        <Screen />
      </Suspense>
    </ScreenBoundary>
  );
}
