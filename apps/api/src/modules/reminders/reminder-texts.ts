// A service reminder as the customer reads it, in their preferred language: an email (subject + body, with
// the unsubscribe link) and a short text staff send by WhatsApp or SMS. Links sit on lines of their own so
// mail and chat apps make them clickable.
import type { Language, ReminderKind, ReminderState } from '@garage/shared';

export interface ReminderTextParams {
  firstName: string;
  shopName: string;
  kind: ReminderKind;
  /** Task title for SERVICE reminders. */
  title: string | null;
  plateNumber: string;
  state: ReminderState;
  dueKm: number | null;
  /** yyyy-mm-dd */
  dueDate: string | null;
  bookUrl: string;
  unsubscribeUrl?: string;
}

interface Texts {
  oil: string;
  when: (p: ReminderTextParams) => string;
  subject: (what: string, p: ReminderTextParams) => string;
  body: (what: string, p: ReminderTextParams) => string;
  short: (what: string, p: ReminderTextParams) => string;
}

const dueParts = (p: ReminderTextParams, km: (n: number) => string, date: (d: string) => string, or: string) =>
  [p.dueKm !== null ? km(p.dueKm) : null, p.dueDate ? date(p.dueDate) : null].filter(Boolean).join(or);

const TEXTS: Record<Language, Texts> = {
  en: {
    oil: 'oil change',
    when: (p) =>
      dueParts(
        p,
        (n) => `at ${n} km`,
        (d) => `on ${d}`,
        ' or ',
      ),
    subject: (what, p) => (p.state === 'UPCOMING' ? `Coming up: ${what} for ${p.plateNumber}` : `Due: ${what} for ${p.plateNumber}`),
    body: (what, p) =>
      `Hello ${p.firstName},\n\n` +
      (p.state === 'UPCOMING'
        ? `Your vehicle ${p.plateNumber} will soon need its ${what}`
        : p.state === 'OVERDUE'
          ? `Your vehicle ${p.plateNumber} is past due for its ${what}`
          : `Your vehicle ${p.plateNumber} is due for its ${what}`) +
      `${TEXTS.en.when(p) ? ` (${TEXTS.en.when(p)})` : ''}.\n\nBook a visit here:\n${p.bookUrl}\n\n${p.shopName}` +
      (p.unsubscribeUrl ? `\n\nNo more reminder emails:\n${p.unsubscribeUrl}` : ''),
    short: (what, p) =>
      `Hello ${p.firstName}, ${p.shopName} here: your vehicle ${p.plateNumber} is due for its ${what}${TEXTS.en.when(p) ? ` (${TEXTS.en.when(p)})` : ''}. Book a visit: ${p.bookUrl}`,
  },
  fr: {
    oil: 'vidange',
    when: (p) =>
      dueParts(
        p,
        (n) => `à ${n} km`,
        (d) => `le ${d}`,
        ' ou ',
      ),
    subject: (what, p) => (p.state === 'UPCOMING' ? `Bientôt : ${what} pour ${p.plateNumber}` : `À faire : ${what} pour ${p.plateNumber}`),
    body: (what, p) =>
      `Bonjour ${p.firstName},\n\n` +
      (p.state === 'UPCOMING'
        ? `Votre véhicule ${p.plateNumber} aura bientôt besoin de : ${what}`
        : p.state === 'OVERDUE'
          ? `Votre véhicule ${p.plateNumber} a dépassé l'échéance : ${what}`
          : `Votre véhicule ${p.plateNumber} arrive à l'échéance : ${what}`) +
      `${TEXTS.fr.when(p) ? ` (${TEXTS.fr.when(p)})` : ''}.\n\nPrenez rendez-vous ici :\n${p.bookUrl}\n\n${p.shopName}` +
      (p.unsubscribeUrl ? `\n\nNe plus recevoir de rappels par e-mail :\n${p.unsubscribeUrl}` : ''),
    short: (what, p) =>
      `Bonjour ${p.firstName}, ici ${p.shopName} : votre véhicule ${p.plateNumber} arrive à l'échéance (${what}${TEXTS.fr.when(p) ? `, ${TEXTS.fr.when(p)}` : ''}). Rendez-vous : ${p.bookUrl}`,
  },
  ar: {
    oil: 'تغيير الزيت',
    when: (p) =>
      dueParts(
        p,
        (n) => `عند ${n} كم`,
        (d) => `بتاريخ ${d}`,
        ' أو ',
      ),
    subject: (what, p) =>
      p.state === 'UPCOMING' ? `قريباً: ${what} للمركبة ${p.plateNumber}` : `حان موعد ${what} للمركبة ${p.plateNumber}`,
    body: (what, p) =>
      `مرحباً ${p.firstName}،\n\n` +
      (p.state === 'UPCOMING'
        ? `ستحتاج مركبتك ${p.plateNumber} قريباً إلى ${what}`
        : p.state === 'OVERDUE'
          ? `تجاوزت مركبتك ${p.plateNumber} موعد ${what}`
          : `حان موعد ${what} لمركبتك ${p.plateNumber}`) +
      `${TEXTS.ar.when(p) ? ` (${TEXTS.ar.when(p)})` : ''}.\n\nاحجز زيارة من هنا:\n${p.bookUrl}\n\n${p.shopName}` +
      (p.unsubscribeUrl ? `\n\nلإيقاف رسائل التذكير:\n${p.unsubscribeUrl}` : ''),
    short: (what, p) =>
      `مرحباً ${p.firstName}، معك ${p.shopName}: حان موعد ${what} لمركبتك ${p.plateNumber}${TEXTS.ar.when(p) ? ` (${TEXTS.ar.when(p)})` : ''}. احجز زيارة: ${p.bookUrl}`,
  },
};

export function reminderMessage(language: Language, params: ReminderTextParams) {
  const texts = TEXTS[language] ?? TEXTS.en;
  const what = params.kind === 'OIL_CHANGE' ? texts.oil : (params.title ?? texts.oil);
  return { subject: texts.subject(what, params), body: texts.body(what, params), short: texts.short(what, params) };
}
