// /admin/user-profile and /client/profile: my name, picture and preferred language, my email and phone
// (changed with a code sent to the new address) and my password. Saving a different language also
// switches the interface to it.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { UserBadges } from '../users/index.ts';
import { ContactChangeCard } from './contact-change-card.tsx';
import { PasswordForm } from './password-form.tsx';
import { ProfileForm } from './profile-form.tsx';

export function ProfilePage() {
  const { t } = useTranslation(['profile', 'users']);
  const trpc = useTRPC();
  const me = useQuery(trpc.profile.get.queryOptions());

  if (me.isPending) return <Skeleton className="h-96 w-full" />;
  if (me.isError) return <Card className="p-8 text-center text-destructive">{t('profile:errors.loadFailed')}</Card>;
  const user = me.data;
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <header className="flex items-center gap-4">
        <UserAvatar user={user} className="size-16 text-lg" />
        <div>
          <h1 className="text-2xl font-semibold">
            {user.firstName} {user.lastName}
          </h1>
          <div className="text-sm text-muted-foreground">
            <bdi>@{user.username}</bdi>
          </div>
          <UserBadges user={user} />
        </div>
      </header>
      <Card>
        <CardHeader>
          <CardTitle>{t('profile:details.title')}</CardTitle>
          <CardDescription>{t('profile:details.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <ProfileForm user={user} />
        </CardContent>
      </Card>
      <ContactChangeCard profile={user} />
      <Card>
        <CardHeader>
          <CardTitle>{t('profile:password.title')}</CardTitle>
          <CardDescription>{t('profile:password.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <PasswordForm />
        </CardContent>
      </Card>
    </section>
  );
}
