// Delivers one-time codes: by email when the user has one (or signed in with it), by phone when the user
// typed a phone number or has no email. Senders are pluggable through deps.senders.
import { OTP, type Language, type OtpPurpose } from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { createEmailSender, createLogSender, type DeliveryLog, type MessageSender, type OutgoingMessage } from '../../lib/mailer.ts';

declare module '../../deps.ts' {
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

export type DeliverCode = (recipient: CodeRecipient, code: string, purpose: OtpPurpose, preferPhone: boolean) => Promise<void>;

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

const TEXTS: Record<Language, Record<OtpPurpose, string> & { body: (code: string, minutes: number) => string }> = {
  en: {
    PASSWORD_RESET: 'Your password reset code',
    VERIFY_ACCOUNT: 'Your account verification code',
    body: (code, minutes) =>
      `Your code is ${code}. It expires in ${minutes} minutes.\nIf you did not ask for it, ignore this message; your password stays unchanged.`,
  },
  fr: {
    PASSWORD_RESET: 'Votre code de réinitialisation du mot de passe',
    VERIFY_ACCOUNT: 'Votre code de vérification du compte',
    body: (code, minutes) =>
      `Votre code est ${code}. Il expire dans ${minutes} minutes.\nSi vous ne l'avez pas demandé, ignorez ce message ; votre mot de passe reste inchangé.`,
  },
  ar: {
    PASSWORD_RESET: 'رمز إعادة تعيين كلمة المرور',
    VERIFY_ACCOUNT: 'رمز التحقق من الحساب',
    body: (code, minutes) =>
      `رمزك هو ${code}. تنتهي صلاحيته خلال ${minutes} دقائق.\nإذا لم تطلبه، تجاهل هذه الرسالة؛ تبقى كلمة المرور دون تغيير.`,
  },
};

export function codeMessage(to: string, code: string, purpose: OtpPurpose, language: Language): OutgoingMessage {
  const texts = TEXTS[language] ?? TEXTS.en;
  return { to, subject: texts[purpose], text: texts.body(code, Math.round(OTP.ttlSeconds / 60)) };
}

/** Picks the channel and sends; failures are logged, never shown (the answer must not depend on them). */
export function createCodeDelivery(deps: AppDeps, log: DeliveryLog): DeliverCode {
  return async (recipient, code, purpose, preferPhone) => {
    const phone = recipient.phoneNumber ? `${recipient.countryCode ?? ''}${recipient.phoneNumber}` : null;
    const usePhone = phone !== null && (preferPhone || !recipient.email);
    const to = usePhone ? phone : recipient.email;
    if (!to) {
      log.warn({ purpose }, 'one-time code not delivered: the account has neither email nor phone');
      return;
    }
    const sender = usePhone ? (deps.senders?.phone ?? phoneLogSender) : emailSender(deps);
    try {
      await sender.send(codeMessage(to, code, purpose, recipient.preferredLanguage), log);
    } catch (error) {
      log.error({ err: error, sender: sender.name, purpose }, 'one-time code delivery failed');
    }
  };
}
