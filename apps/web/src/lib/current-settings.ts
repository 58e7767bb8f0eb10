import { getCurrentSettings } from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { fetchData } from './api';

export const currentSettingsKey = ['current-settings'] as const;

/** The current year and term with its dates. */
export const useCurrentSettings = () =>
  useQuery({ queryKey: currentSettingsKey, queryFn: () => fetchData(getCurrentSettings, {}).then((r) => r.data) });
