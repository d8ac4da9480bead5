// A service reminder as the customer reads it, in their preferred language: an email (subject + body, with
// the unsubscribe link) and a short text staff send by WhatsApp or SMS. Links sit on lines of their own so
// mail and chat apps make them clickable. Distances are stored in km and written in the vehicle's unit
// ("45,000 mi"), with Latin digits as everywhere in the app (formatDistance).
import {
  formatDistance,
  type DistanceUnit,
  type Language,
  type ReminderKind,
  type ReminderState,
  type StatutoryInspectionName,
} from '@garage/shared';

export interface ReminderTextParams {
  firstName: string;
  shopName: string;
  kind: ReminderKind;
  /** Task title for SERVICE reminders. */
  title: string | null;
  /** STATUTORY reminders: which inspection (the shop country's). */
  inspection?: StatutoryInspectionName;
  /** The vehicle's unit: dueKm (km) is written in it. */
  distanceUnit?: DistanceUnit;
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
  /** The inspection's name, and a sentence on what it is (emails only). */
  inspections: Record<StatutoryInspectionName, string>;
  inspectionNote: string;
  when: (p: ReminderTextParams) => string;
  subject: (what: string, p: ReminderTextParams) => string;
  body: (what: string, p: ReminderTextParams) => string;
  short: (what: string, p: ReminderTextParams) => string;
}

const dueParts = (p: ReminderTextParams, km: (n: string) => string, date: (d: string) => string, or: string, language: Language) =>
  [p.dueKm !== null ? km(formatDistance(p.dueKm, p.distanceUnit ?? 'KM', language)) : null, p.dueDate ? date(p.dueDate) : null]
    .filter(Boolean)
    .join(or);

/** The explanation under a statutory inspection's reminder, in the email body only. */
const inspectionNote = (texts: Texts, p: ReminderTextParams) => (p.kind === 'STATUTORY' ? `\n\n${texts.inspectionNote}` : '');

const TEXTS: Record<Language, Texts> = {
  en: {
    oil: 'oil change',
    inspections: {
      controleTechnique: 'contrôle technique (roadworthiness test)',
      visiteTechnique: 'visite technique (roadworthiness test)',
      mot: 'MOT test',
      generic: 'roadworthiness test',
    },
    inspectionNote:
      'The roadworthiness test is required by law and counted from the vehicle’s first registration. We can prepare the car for it.',
    when: (p) =>
      dueParts(
        p,
        (n) => `at ${n}`,
        (d) => `on ${d}`,
        ' or ',
        'en',
      ),
    subject: (what, p) => (p.state === 'UPCOMING' ? `Coming up: ${what} for ${p.plateNumber}` : `Due: ${what} for ${p.plateNumber}`),
    body: (what, p) =>
      `Hello ${p.firstName},\n\n` +
      (p.state === 'UPCOMING'
        ? `Your vehicle ${p.plateNumber} will soon need its ${what}`
        : p.state === 'OVERDUE'
          ? `Your vehicle ${p.plateNumber} is past due for its ${what}`
          : `Your vehicle ${p.plateNumber} is due for its ${what}`) +
      `${TEXTS.en.when(p) ? ` (${TEXTS.en.when(p)})` : ''}.${inspectionNote(TEXTS.en, p)}\n\nBook a visit here:\n${p.bookUrl}\n\n${p.shopName}` +
      (p.unsubscribeUrl ? `\n\nNo more reminder emails:\n${p.unsubscribeUrl}` : ''),
    short: (what, p) =>
      `Hello ${p.firstName}, ${p.shopName} here: your vehicle ${p.plateNumber} is due for its ${what}${TEXTS.en.when(p) ? ` (${TEXTS.en.when(p)})` : ''}. Book a visit: ${p.bookUrl}`,
  },
  fr: {
    oil: 'vidange',
    inspections: {
      controleTechnique: 'contrôle technique',
      visiteTechnique: 'visite technique',
      mot: 'MOT (contrôle technique britannique)',
      generic: 'contrôle technique',
    },
    inspectionNote:
      'Le contrôle technique est obligatoire et se compte à partir de la première mise en circulation du véhicule. Nous pouvons préparer votre véhicule avant le passage.',
    when: (p) =>
      dueParts(
        p,
        (n) => `à ${n}`,
        (d) => `le ${d}`,
        ' ou ',
        'fr',
      ),
    subject: (what, p) => (p.state === 'UPCOMING' ? `Bientôt : ${what} pour ${p.plateNumber}` : `À faire : ${what} pour ${p.plateNumber}`),
    body: (what, p) =>
      `Bonjour ${p.firstName},\n\n` +
      (p.state === 'UPCOMING'
        ? `Votre véhicule ${p.plateNumber} aura bientôt besoin de : ${what}`
        : p.state === 'OVERDUE'
          ? `Votre véhicule ${p.plateNumber} a dépassé l'échéance : ${what}`
          : `Votre véhicule ${p.plateNumber} arrive à l'échéance : ${what}`) +
      `${TEXTS.fr.when(p) ? ` (${TEXTS.fr.when(p)})` : ''}.${inspectionNote(TEXTS.fr, p)}\n\nPrenez rendez-vous ici :\n${p.bookUrl}\n\n${p.shopName}` +
      (p.unsubscribeUrl ? `\n\nNe plus recevoir de rappels par e-mail :\n${p.unsubscribeUrl}` : ''),
    short: (what, p) =>
      `Bonjour ${p.firstName}, ici ${p.shopName} : votre véhicule ${p.plateNumber} arrive à l'échéance (${what}${TEXTS.fr.when(p) ? `, ${TEXTS.fr.when(p)}` : ''}). Rendez-vous : ${p.bookUrl}`,
  },
  ar: {
    oil: 'تغيير الزيت',
    inspections: {
      controleTechnique: 'الفحص التقني (contrôle technique)',
      visiteTechnique: 'الفحص التقني (الفحص الدوري)',
      mot: 'الفحص الفني (MOT)',
      generic: 'الفحص التقني الدوري',
    },
    inspectionNote: 'الفحص التقني الدوري إلزامي قانوناً ويُحسب من تاريخ أول تسجيل للمركبة. يمكننا تجهيز مركبتك قبل الفحص.',
    when: (p) =>
      dueParts(
        p,
        (n) => `عند ${n}`,
        (d) => `بتاريخ ${d}`,
        ' أو ',
        'ar',
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
      `${TEXTS.ar.when(p) ? ` (${TEXTS.ar.when(p)})` : ''}.${inspectionNote(TEXTS.ar, p)}\n\nاحجز زيارة من هنا:\n${p.bookUrl}\n\n${p.shopName}` +
      (p.unsubscribeUrl ? `\n\nلإيقاف رسائل التذكير:\n${p.unsubscribeUrl}` : ''),
    short: (what, p) =>
      `مرحباً ${p.firstName}، معك ${p.shopName}: حان موعد ${what} لمركبتك ${p.plateNumber}${TEXTS.ar.when(p) ? ` (${TEXTS.ar.when(p)})` : ''}. احجز زيارة: ${p.bookUrl}`,
  },
};

export function reminderMessage(language: Language, params: ReminderTextParams) {
  const texts = TEXTS[language] ?? TEXTS.en;
  const what =
    params.kind === 'OIL_CHANGE'
      ? texts.oil
      : params.kind === 'STATUTORY'
        ? texts.inspections[params.inspection ?? 'generic']
        : (params.title ?? texts.oil);
  return { subject: texts.subject(what, params), body: texts.body(what, params), short: texts.short(what, params) };
}
