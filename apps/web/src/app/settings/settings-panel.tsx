import { Drawer, SimpleGrid, Stack, Switch, Tabs, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeSettings, type LayoutSwitch, layoutSwitches, themes, useSettings } from './settings-store';

const switchOrder = Object.keys(layoutSwitches) as LayoutSwitch[];

/** The side panel (its own chunk, loaded when first opened): themes a–h and the layout switches; the Connections tab is a static placeholder. */
export default function SettingsPanel() {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <Drawer
      opened={settings.sidebarOpen}
      onClose={() => changeSettings({ sidebarOpen: false })}
      position="right"
      size={300}
      title={t('settings.title')}
      className="settings-panel"
    >
      <Tabs defaultValue="settings">
        <Tabs.List grow mb="md">
          <Tabs.Tab value="settings">{t('settings.tab')}</Tabs.Tab>
          <Tabs.Tab value="connections">{t('settings.connections')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="settings">
          <Stack gap="lg">
            <div>
              <Text fw={600} size="sm" mb="xs">
                {t('settings.themes')}
              </Text>
              <SimpleGrid cols={4} spacing="xs">
                {themes.map((theme) => (
                  <UnstyledButton
                    key={theme}
                    className="theme-swatch"
                    data-swatch={`theme-${theme}`}
                    aria-pressed={settings.theme === theme}
                    aria-label={t('settings.theme', { name: theme.toUpperCase() })}
                    onClick={() => changeSettings({ theme })}
                  >
                    <span className="swatch-header" />
                    <span className="swatch-sidebar" />
                  </UnstyledButton>
                ))}
              </SimpleGrid>
            </div>
            <Stack gap="sm">
              <Text fw={600} size="sm">
                {t('settings.layout')}
              </Text>
              {switchOrder.map((key) => (
                <Switch
                  key={key}
                  label={t(`settings.switches.${key}`)}
                  checked={settings[key]}
                  onChange={(event) => changeSettings({ [key]: event.currentTarget.checked })}
                />
              ))}
            </Stack>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="connections">
          <Text size="sm" c="dimmed">
            {t('settings.noConnections')}
          </Text>
        </Tabs.Panel>
      </Tabs>
    </Drawer>
  );
}
