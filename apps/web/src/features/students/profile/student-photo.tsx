import { Avatar, Image } from '@mantine/core';
import { useImage } from '../../../lib/use-image';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase())
    .join('');

/** The student's photo (uploaded on /student/photos), or their initials. */
export function StudentPhoto({ fileId, name, size = 140 }: { fileId: number | null; name: string; size?: number }) {
  const photo = useImage(fileId);
  return photo ? (
    <Image src={photo} alt={name} w={size} h={size} radius="md" fit="cover" data-testid="student-photo" />
  ) : (
    <Avatar size={size} radius="md" color="gray">
      {initials(name)}
    </Avatar>
  );
}
