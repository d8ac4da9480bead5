import { Avatar, AvatarFallback, AvatarImage } from './ui/avatar.tsx';
import { cn } from '../lib/utils.ts';
import { resolveMediaUrl } from '../lib/media-url.ts';

export const initialsOf = (firstName: string, lastName: string) => `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();

export function UserAvatar({
  user,
  className,
}: {
  user: { firstName: string; lastName: string; imageUrl: string | null };
  className?: string;
}) {
  return (
    <Avatar className={cn('size-10', className)}>
      {user.imageUrl && <AvatarImage src={resolveMediaUrl(user.imageUrl)} alt="" />}
      <AvatarFallback>{initialsOf(user.firstName, user.lastName)}</AvatarFallback>
    </Avatar>
  );
}
