// The shop's answer to an appointment request, in the language the customer booked in: accepted (with the
// time), another time proposed, or declined. Times are written in the shop's time zone.
import type { AppointmentStatus, Language } from '@garage/shared';

interface Params {
  firstName: string;
  shopName: string;
  status: AppointmentStatus;
  scheduledAt: Date | null;
  day: string;
  timeZone: string;
  note: string | null;
  /** Signed-in customers follow the request in the portal. */
  portalUrl: string | null;
  bookUrl: string;
}

const LOCALES: Record<Language, string> = { en: 'en-GB', fr: 'fr-FR', ar: 'ar' };

const when = (language: Language, p: Params) =>
  p.scheduledAt
    ? new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'full', timeStyle: 'short', timeZone: p.timeZone }).format(p.scheduledAt)
    : p.day;

const TEXTS: Record<
  Language,
  {
    subject: Record<string, string>;
    lines: (p: Params, at: string) => Record<string, string>;
    note: string;
    portal: string;
    book: string;
    hello: string;
  }
> = {
  en: {
    hello: 'Hello',
    subject: { ACCEPTED: 'Your visit is booked', PROPOSED: 'We propose another time for your visit', DECLINED: 'About your visit request' },
    lines: (p, at) => ({
      ACCEPTED: `Your visit at ${p.shopName} is booked for ${at}.`,
      PROPOSED: `We cannot take your vehicle at the time you asked. Could you come on ${at} instead? Reply to this email or call us to confirm.`,
      DECLINED: `We are sorry: we cannot take your visit request for ${p.day}.`,
    }),
    note: 'Note from the shop',
    portal: 'Follow your request in your account',
    book: 'Book another day',
  },
  fr: {
    hello: 'Bonjour',
    subject: {
      ACCEPTED: 'Votre rendez-vous est confirmé',
      PROPOSED: 'Nous vous proposons un autre horaire',
      DECLINED: 'À propos de votre demande de rendez-vous',
    },
    lines: (p, at) => ({
      ACCEPTED: `Votre rendez-vous chez ${p.shopName} est confirmé pour le ${at}.`,
      PROPOSED: `Nous ne pouvons pas prendre votre véhicule à l'horaire demandé. Pourriez-vous venir le ${at} ? Répondez à cet e-mail ou appelez-nous pour confirmer.`,
      DECLINED: `Nous sommes désolés : nous ne pouvons pas accepter votre demande pour le ${p.day}.`,
    }),
    note: 'Message du garage',
    portal: 'Suivez votre demande dans votre compte',
    book: 'Choisir un autre jour',
  },
  ar: {
    hello: 'مرحباً',
    subject: { ACCEPTED: 'تم تأكيد موعد زيارتك', PROPOSED: 'نقترح موعداً آخر لزيارتك', DECLINED: 'بخصوص طلب زيارتك' },
    lines: (p, at) => ({
      ACCEPTED: `تم تأكيد زيارتك إلى ${p.shopName} في ${at}.`,
      PROPOSED: `لا يمكننا استقبال مركبتك في الموعد المطلوب. هل يمكنك الحضور في ${at}؟ رد على هذه الرسالة أو اتصل بنا للتأكيد.`,
      DECLINED: `نعتذر: لا يمكننا قبول طلب زيارتك ليوم ${p.day}.`,
    }),
    note: 'ملاحظة من الورشة',
    portal: 'تابع طلبك في حسابك',
    book: 'احجز يوماً آخر',
  },
};

export function appointmentMessage(language: Language, params: Params) {
  const texts = TEXTS[language] ?? TEXTS.en;
  const at = when(language, params);
  const status = params.status === 'ACCEPTED' || params.status === 'PROPOSED' ? params.status : 'DECLINED';
  const body = [
    `${texts.hello} ${params.firstName},`,
    '',
    texts.lines(params, at)[status]!,
    ...(params.note ? ['', `${texts.note}: ${params.note}`] : []),
    '',
    ...(params.portalUrl ? [`${texts.portal}:`, params.portalUrl] : status === 'DECLINED' ? [`${texts.book}:`, params.bookUrl] : []),
    '',
    params.shopName,
  ].join('\n');
  return { subject: `${texts.subject[status]} · ${params.shopName}`, body };
}
