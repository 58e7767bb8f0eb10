import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { startSession } from './app/start-session';
import { i18nReady } from './lib/i18n';

void startSession();

const root = createRoot(document.getElementById('root')!);
void i18nReady.finally(() =>
  root.render(
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  ),
);
