import { getFile, routeHref } from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { fetchBlob } from './downloads';
import { sharedKeys } from './query-keys';

/**
 * An uploaded image (logo, student photo) as an object URL. A file never changes (a new logo is a new
 * file), so each is fetched once per page load and kept.
 */
export function useImage(fileId: number | null | undefined): string | undefined {
  const image = useQuery({
    queryKey: sharedKeys.file(fileId),
    queryFn: async () => URL.createObjectURL(await fetchBlob(routeHref(getFile.path, { id: fileId ?? 0 }))),
    enabled: typeof fileId === 'number' && fileId > 0,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  return image.data;
}
