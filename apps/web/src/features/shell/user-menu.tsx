import { LogOut, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Avatar, AvatarFallback, AvatarImage } from '../../components/ui/avatar.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { logout, useAuth } from '../../lib/auth/session.ts';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('') || '?';

// The button shows the initials, so its accessible name starts with them (WCAG 2.5.3 label in name: a voice
// user says what they see) and goes on with what the button is.
export function UserMenu({ profilePath }: { profilePath: string }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { user, roles } = useAuth();
  const name = user ? [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username : '';
  const role = user?.role ?? roles[0];
  const signOut = async () => {
    await logout();
    navigate('/login', { replace: true });
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="rounded-full focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        aria-label={name ? t('userMenu.labelWithInitials', { initials: initials(name), name }) : t('userMenu.label')}
        data-testid="user-menu"
      >
        <Avatar className="size-9">
          {user?.imageUrl && <AvatarImage src={user.imageUrl} alt="" />}
          <AvatarFallback>{initials(name)}</AvatarFallback>
        </Avatar>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="text-xs font-normal text-muted-foreground">{t('userMenu.signedInAs')}</span>
          <span className="truncate">{name || user?.email}</span>
          {role && <span className="text-xs font-normal text-muted-foreground">{t(`roles.${role}`, { defaultValue: role })}</span>}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate(profilePath)}>
          <UserRound />
          {t('userMenu.profile')}
        </DropdownMenuItem>
        <DropdownMenuItem variant="destructive" onSelect={() => void signOut()} data-testid="logout">
          <LogOut className="rtl:-scale-x-100" />
          {t('userMenu.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
