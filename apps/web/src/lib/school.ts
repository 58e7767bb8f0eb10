import { getSchoolDetails } from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { fetchData } from './api';

export const schoolKey = ['school'] as const;

/** The school's details (name, logo, current year and term…), shared by the shell and the settings screen. */
export const useSchoolDetails = () =>
  useQuery({ queryKey: schoolKey, queryFn: () => fetchData(getSchoolDetails, {}).then((r) => r.data) });
