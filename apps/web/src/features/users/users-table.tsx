// The users list: a table on wide screens, stacked cards on phones; each row opens the user.
import { MoreHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { UserView } from '@garage/shared/schemas/users';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { useCanManage } from './use-can-manage.ts';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { Ltr } from '../../components/ltr.tsx';

interface UsersTableProps {
  users: UserView[];
  onOpen: (user: UserView) => void;
  onToggleActive: (user: UserView) => void;
  onDelete: (user: UserView) => void;
}

export const phoneOf = (user: Pick<UserView, 'countryCode' | 'phoneNumber'>) =>
  user.phoneNumber ? `${user.countryCode ?? ''} ${user.phoneNumber}`.trim() : '';

export function UserBadges({ user }: { user: UserView }) {
  const { t } = useTranslation('users');
  return (
    <div className="flex flex-wrap gap-1">
      <Badge variant={user.role === 'CLIENT' ? 'secondary' : 'default'}>{t(`roles.${user.role}`)}</Badge>
      {!user.active && <Badge variant="destructive">{t('status.inactive')}</Badge>}
      {user.verified && <Badge variant="success">{t('status.verified')}</Badge>}
    </div>
  );
}

function RowActions({ user, onOpen, onToggleActive, onDelete }: { user: UserView } & Omit<UsersTableProps, 'users'>) {
  const { t } = useTranslation('users');
  const { canRemove } = useCanManage();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('actions.more', { name: `${user.firstName} ${user.lastName}` })}
          onClick={(event) => event.stopPropagation()}
        >
          <MoreHorizontal />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" onClick={(event) => event.stopPropagation()}>
        <DropdownMenuItem onSelect={() => onOpen(user)}>{t('actions.open')}</DropdownMenuItem>
        {canRemove(user) && (
          <>
            <DropdownMenuItem onSelect={() => onToggleActive(user)}>
              {user.active ? t('actions.deactivate') : t('actions.activate')}
            </DropdownMenuItem>
            <DropdownMenuItem className="text-destructive focus:text-destructive" onSelect={() => onDelete(user)}>
              {t('actions.delete')}
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function UsersTable(props: UsersTableProps) {
  const { t } = useTranslation('users');
  const { users, onOpen } = props;
  return (
    <>
      <Card className="hidden overflow-hidden p-0 md:block">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('columns.name')}</TableHead>
              <TableHead>{t('columns.contact')}</TableHead>
              <TableHead>{t('columns.role')}</TableHead>
              <TableHead className="text-end">{t('columns.vehicles')}</TableHead>
              <TableHead className="w-12">
                <span className="sr-only">{t('columns.actions')}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {users.map((user) => (
              <TableRow key={user.id} className="cursor-pointer" onClick={() => onOpen(user)} data-testid="user-row">
                <TableCell>
                  <div className="flex items-center gap-3">
                    <UserAvatar user={user} />
                    <div className="min-w-0">
                      <a
                        href={`/admin/users/${user.id}`}
                        onClick={(event) => {
                          event.preventDefault();
                          onOpen(user);
                        }}
                        className="font-medium hover:underline"
                      >
                        {user.firstName} {user.lastName}
                      </a>
                      <div className="text-xs text-muted-foreground">
                        <bdi>@{user.username}</bdi>
                      </div>
                    </div>
                  </div>
                </TableCell>
                <TableCell>
                  <div className="text-sm">
                    <bdi>{user.email ?? '—'}</bdi>
                  </div>
                  <div className="text-xs text-muted-foreground">
                    <Ltr>{phoneOf(user)}</Ltr>
                  </div>
                </TableCell>
                <TableCell>
                  <UserBadges user={user} />
                </TableCell>
                <TableCell className="text-end tabular-nums">{user.vehicleCount}</TableCell>
                <TableCell>
                  <RowActions user={user} {...props} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>

      <ul className="flex flex-col gap-2 md:hidden">
        {users.map((user) => (
          <li key={user.id}>
            <Card className="flex flex-row items-center gap-3 p-3" onClick={() => onOpen(user)} data-testid="user-card">
              <UserAvatar user={user} />
              <div className="min-w-0 flex-1">
                <div className="truncate font-medium">
                  {user.firstName} {user.lastName}
                </div>
                <div className="truncate text-xs text-muted-foreground">
                  <bdi>{phoneOf(user) || user.email || `@${user.username}`}</bdi>
                </div>
                <div className="mt-1">
                  <UserBadges user={user} />
                </div>
              </div>
              <RowActions user={user} {...props} />
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
