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

export function approvalMessage(language: Language, params: Params) {
  const texts = TEXTS[language] ?? TEXTS.en;
  return { subject: texts.subject(params), body: texts.body(params), short: texts.short(params) };
}
