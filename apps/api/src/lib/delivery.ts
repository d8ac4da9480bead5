// Delivers one-time codes: by email when the user has one (or signed in with it), by phone when the user
// typed a phone number or has no email; own-profile address changes send their code to the new address and
// a notice to the previous one. Senders are pluggable through deps.senders.
import { OTP, type ContactChangePurpose, type Language, type OtpPurpose } from '@garage/shared';
import type { AppDeps } from '../deps.ts';
import { createEmailSender, createLogSender, type DeliveryLog, type MessageSender, type OutgoingMessage } from './mailer.ts';

declare module '../deps.ts' {
  interface AppDeps {
    /** Replace a delivery channel (an SMS/WhatsApp provider for phones, a test sink). */
    senders?: { email?: MessageSender; phone?: MessageSender };
  }
}

export interface CodeRecipient {
  email: string | null;
  countryCode: string | null;
  phoneNumber: string | null;
  preferredLanguage: Language;
}

/** Sign-in codes (send-otp) and own-profile address changes (the code goes to the new address). */
export type CodePurpose = OtpPurpose | ContactChangePurpose;

export type DeliverCode = (recipient: CodeRecipient, code: string, purpose: CodePurpose, preferPhone: boolean) => Promise<void>;

const defaultEmailSenders = new WeakMap<object, MessageSender>();
const phoneLogSender = createLogSender('phone');

/** The email channel of this app (the injected one, else SMTP when configured, else the log); shared with message replies. */
export function emailSender(deps: AppDeps): MessageSender {
  if (deps.senders?.email) return deps.senders.email;
  let sender = defaultEmailSenders.get(deps.config);
  if (!sender) {
    sender = createEmailSender(deps.config);
    defaultEmailSenders.set(deps.config, sender);
  }
  return sender;
}

interface CodeTexts {
  subjects: Record<CodePurpose, string>;
  body: (code: string, minutes: number, purpose: CodePurpose) => string;
  /** To the previous address once a change is applied, so its owner hears about a change they did not make. */
  changed: { subject: string; body: (channel: 'email' | 'phone', newAddress: string) => string };
}

const changeOf = (purpose: CodePurpose) => purpose === 'CHANGE_EMAIL' || purpose === 'CHANGE_PHONE';

const TEXTS: Record<Language, CodeTexts> = {
  en: {
    subjects: {
      PASSWORD_RESET: 'Your password reset code',
      VERIFY_ACCOUNT: 'Your account verification code',
      CHANGE_EMAIL: 'Confirm your new email address',
      CHANGE_PHONE: 'Confirm your new phone number',
    },
    body: (code, minutes, purpose) =>
      `Your code is ${code}. It expires in ${minutes} minutes.\n` +
      (changeOf(purpose)
        ? 'Enter it on your profile page to use this address. If you did not ask for it, ignore this message; nothing changes.'
        : 'If you did not ask for it, ignore this message; your password stays unchanged.'),
    changed: {
      subject: 'Your contact details were changed',
      body: (channel, address) =>
        `The ${channel === 'email' ? 'email address' : 'phone number'} of your account is now ${address}.\n` +
        'If you did not make this change, contact the shop and change your password.',
    },
  },
  fr: {
    subjects: {
      PASSWORD_RESET: 'Votre code de réinitialisation du mot de passe',
      VERIFY_ACCOUNT: 'Votre code de vérification du compte',
      CHANGE_EMAIL: 'Confirmez votre nouvelle adresse e-mail',
      CHANGE_PHONE: 'Confirmez votre nouveau numéro de téléphone',
    },
    body: (code, minutes, purpose) =>
      `Votre code est ${code}. Il expire dans ${minutes} minutes.\n` +
      (changeOf(purpose)
        ? "Saisissez-le sur votre page de profil pour utiliser cette adresse. Si vous ne l'avez pas demandé, ignorez ce message ; rien ne change."
        : "Si vous ne l'avez pas demandé, ignorez ce message ; votre mot de passe reste inchangé."),
    changed: {
      subject: 'Vos coordonnées ont été modifiées',
      body: (channel, address) =>
        `${channel === 'email' ? "L'adresse e-mail" : 'Le numéro de téléphone'} de votre compte est maintenant ${address}.\n` +
        "Si vous n'êtes pas à l'origine de ce changement, contactez le garage et changez votre mot de passe.",
    },
  },
  ar: {
    subjects: {
      PASSWORD_RESET: 'رمز إعادة تعيين كلمة المرور',
      VERIFY_ACCOUNT: 'رمز التحقق من الحساب',
      CHANGE_EMAIL: 'تأكيد بريدك الإلكتروني الجديد',
      CHANGE_PHONE: 'تأكيد رقم هاتفك الجديد',
    },
    body: (code, minutes, purpose) =>
      `رمزك هو ${code}. تنتهي صلاحيته خلال ${minutes} دقائق.\n` +
      (changeOf(purpose)
        ? 'أدخله في صفحة ملفك الشخصي لاستخدام هذا العنوان. إذا لم تطلبه، تجاهل هذه الرسالة؛ لن يتغير شيء.'
        : 'إذا لم تطلبه، تجاهل هذه الرسالة؛ تبقى كلمة المرور دون تغيير.'),
    changed: {
      subject: 'تم تغيير بيانات الاتصال الخاصة بك',
      body: (channel, address) =>
        `${channel === 'email' ? 'البريد الإلكتروني' : 'رقم الهاتف'} لحسابك أصبح الآن ${address}.\n` +
        'إذا لم تقم بهذا التغيير، اتصل بالورشة وغيّر كلمة المرور.',
    },
  },
};

export function codeMessage(to: string, code: string, purpose: CodePurpose, language: Language): OutgoingMessage {
  const texts = TEXTS[language] ?? TEXTS.en;
  return { to, subject: texts.subjects[purpose], text: texts.body(code, Math.round(OTP.ttlSeconds / 60), purpose) };
}

export function contactChangedMessage(to: string, channel: 'email' | 'phone', newAddress: string, language: Language): OutgoingMessage {
  const texts = (TEXTS[language] ?? TEXTS.en).changed;
  return { to, subject: texts.subject, text: texts.body(channel, newAddress) };
}

/**
 * Picks the channel (the phone when preferred or when there is no email) and sends; failures are logged,
 * never thrown (an answer must not depend on a mail server).
 */
async function deliver(
  deps: AppDeps,
  log: DeliveryLog,
  recipient: CodeRecipient,
  preferPhone: boolean,
  build: (to: string) => OutgoingMessage,
  what: { label: string; details: object },
): Promise<void> {
  const phone = recipient.phoneNumber ? `${recipient.countryCode ?? ''}${recipient.phoneNumber}` : null;
  const usePhone = phone !== null && (preferPhone || !recipient.email);
  const to = usePhone ? phone : recipient.email;
  if (!to) {
    log.warn(what.details, `${what.label} not delivered: the account has neither email nor phone`);
    return;
  }
  const sender = usePhone ? (deps.senders?.phone ?? phoneLogSender) : emailSender(deps);
  try {
    await sender.send(build(to), log);
  } catch (error) {
    log.error({ err: error, sender: sender.name, ...what.details }, `${what.label} delivery failed`);
  }
}

export function createCodeDelivery(deps: AppDeps, log: DeliveryLog): DeliverCode {
  return (recipient, code, purpose, preferPhone) =>
    deliver(deps, log, recipient, preferPhone, (to) => codeMessage(to, code, purpose, recipient.preferredLanguage), {
      label: 'one-time code',
      details: { purpose },
    });
}

/**
 * Tells the account's previous contact that its email or phone was changed to `newAddress`: its previous
 * email when it had one (for a phone change too: mail reaches a person, the phone log does not), else its
 * previous phone.
 */
export type DeliverChangeNotice = (previous: CodeRecipient, channel: 'email' | 'phone', newAddress: string) => Promise<void>;

export function createChangeNoticeDelivery(deps: AppDeps, log: DeliveryLog): DeliverChangeNotice {
  return (previous, channel, newAddress) =>
    deliver(deps, log, previous, false, (to) => contactChangedMessage(to, channel, newAddress, previous.preferredLanguage), {
      label: 'contact change notice',
      details: { channel },
    });
}
