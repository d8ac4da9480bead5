// The approval request as the customer reads it, in their preferred language: an email (subject + body) and a
// short text for WhatsApp. The link is on a line of its own so mail and chat apps make it clickable.
import type { Language } from '@garage/shared';

interface Params {
  firstName: string;
  visitName: string;
  plateNumber: string;
  count: number;
  url: string;
  hours: number;
}

type Texts = { subject: (p: Params) => string; body: (p: Params) => string; short: (p: Params) => string };

const TEXTS: Record<Language, Texts> = {
  en: {
    subject: (p) => `Your approval is needed: ${p.visitName} (${p.plateNumber})`,
    body: (p) =>
      `Hello ${p.firstName},\n\nOur mechanics propose ${p.count === 1 ? 'one more task' : `${p.count} more tasks`} on your vehicle ${p.plateNumber} (${p.visitName}). ` +
      `Please approve or decline ${p.count === 1 ? 'it' : 'each one'} here, no password needed:\n\n${p.url}\n\n` +
      `The link works once and expires in ${p.hours} hours. Nothing is done or charged without your approval.`,
    short: (p) => `Hello ${p.firstName}, we propose extra work on ${p.plateNumber}. Approve or decline here:\n${p.url}`,
  },
  fr: {
    subject: (p) => `Votre accord est nécessaire : ${p.visitName} (${p.plateNumber})`,
    body: (p) =>
      `Bonjour ${p.firstName},\n\nNos mécaniciens proposent ${p.count === 1 ? 'une intervention supplémentaire' : `${p.count} interventions supplémentaires`} sur votre véhicule ${p.plateNumber} (${p.visitName}). ` +
      `Acceptez ou refusez ${p.count === 1 ? 'la' : 'chacune'} ici, sans mot de passe :\n\n${p.url}\n\n` +
      `Le lien ne sert qu'une fois et expire dans ${p.hours} heures. Rien n'est fait ni facturé sans votre accord.`,
    short: (p) =>
      `Bonjour ${p.firstName}, nous proposons des travaux supplémentaires sur ${p.plateNumber}. Acceptez ou refusez ici :\n${p.url}`,
  },
  ar: {
    subject: (p) => `نحتاج إلى موافقتك: ${p.visitName} (${p.plateNumber})`,
    body: (p) =>
      `مرحباً ${p.firstName}،\n\nيقترح فنيونا ${p.count === 1 ? 'عملاً إضافياً' : `${p.count} أعمال إضافية`} على مركبتك ${p.plateNumber} (${p.visitName}). ` +
      `يرجى الموافقة أو الرفض هنا دون كلمة مرور:\n\n${p.url}\n\n` +
      `يعمل الرابط مرة واحدة وتنتهي صلاحيته خلال ${p.hours} ساعة. لن يُنفَّذ أو يُحتسب أي عمل دون موافقتك.`,
    short: (p) => `مرحباً ${p.firstName}، نقترح أعمالاً إضافية على ${p.plateNumber}. وافق أو ارفض من هنا:\n${p.url}`,
  },
};

/** The same link when it carries an inspection report (issue #29): the report, and the proposals if any. */
const INSPECTION_TEXTS: Record<Language, Texts> = {
  en: {
    subject: (p) => `Your vehicle inspection report: ${p.visitName} (${p.plateNumber})`,
    body: (p) =>
      `Hello ${p.firstName},\n\nWe inspected your vehicle ${p.plateNumber} (${p.visitName}). See what we found, with photos, here, no password needed:\n\n${p.url}\n\n` +
      (p.count > 0
        ? `We propose ${p.count === 1 ? 'one task' : `${p.count} tasks`}: approve or decline ${p.count === 1 ? 'it' : 'each one'} on the same page. Nothing is done or charged without your approval. `
        : '') +
      `The link expires in ${p.hours} hours.`,
    short: (p) => `Hello ${p.firstName}, your inspection report for ${p.plateNumber} is ready:\n${p.url}`,
  },
  fr: {
    subject: (p) => `Le rapport d'inspection de votre véhicule : ${p.visitName} (${p.plateNumber})`,
    body: (p) =>
      `Bonjour ${p.firstName},\n\nNous avons inspecté votre véhicule ${p.plateNumber} (${p.visitName}). Voyez nos constats, photos à l'appui, ici, sans mot de passe :\n\n${p.url}\n\n` +
      (p.count > 0
        ? `Nous proposons ${p.count === 1 ? 'une intervention' : `${p.count} interventions`} : acceptez ou refusez ${p.count === 1 ? 'la' : 'chacune'} sur la même page. Rien n'est fait ni facturé sans votre accord. `
        : '') +
      `Le lien expire dans ${p.hours} heures.`,
    short: (p) => `Bonjour ${p.firstName}, le rapport d'inspection de ${p.plateNumber} est prêt :\n${p.url}`,
  },
  ar: {
    subject: (p) => `تقرير فحص مركبتك: ${p.visitName} (${p.plateNumber})`,
    body: (p) =>
      `مرحباً ${p.firstName}،\n\nفحصنا مركبتك ${p.plateNumber} (${p.visitName}). اطّلع على ما وجدناه مع الصور هنا دون كلمة مرور:\n\n${p.url}\n\n` +
      (p.count > 0
        ? `نقترح ${p.count === 1 ? 'عملاً واحداً' : `${p.count} أعمال`}: وافق أو ارفض في الصفحة نفسها. لن يُنفَّذ أو يُحتسب أي عمل دون موافقتك. `
        : '') +
      `تنتهي صلاحية الرابط خلال ${p.hours} ساعة.`,
    short: (p) => `مرحباً ${p.firstName}، تقرير فحص ${p.plateNumber} جاهز:\n${p.url}`,
  },
};

/** `purpose` inspection: the link carries an inspection report (and the proposals, if any). */
export function approvalMessage(language: Language, params: Params, purpose: 'approval' | 'inspection' = 'approval') {
  const table = purpose === 'inspection' ? INSPECTION_TEXTS : TEXTS;
  const texts = table[language] ?? table.en;
  return { subject: texts.subject(params), body: texts.body(params), short: texts.short(params) };
}
