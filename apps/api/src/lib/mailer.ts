// Outgoing messages (one-time codes). Email goes through nodemailer over SMTP_URL; without SMTP, and for
// phone numbers until an SMS/WhatsApp provider is plugged in, the message is written to the server log,
// marked DEVELOPMENT DELIVERY so nobody mistakes it for a real send.
import nodemailer from 'nodemailer';

export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
  /** Files sent with the message (a purchase order's PDF). */
  attachments?: MessageAttachment[];
}

export interface MessageAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** Where delivery problems are reported; pino (Fastify's logger) fits. */
export interface DeliveryLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * One delivery channel. An SMS or WhatsApp provider implements this for phone numbers and is passed as
 * `deps.senders.phone` (see lib/delivery.ts).
 */
export interface MessageSender {
  readonly name: string;
  send(message: OutgoingMessage, log: DeliveryLog): Promise<void>;
}

export const DEVELOPMENT_DELIVERY = 'DEVELOPMENT DELIVERY';

/** Writes the whole message to the log instead of sending it. */
export function createLogSender(channel: 'email' | 'phone'): MessageSender {
  return {
    name: `log:${channel}`,
    async send(message, log) {
      log.warn(
        { delivery: DEVELOPMENT_DELIVERY, channel, to: message.to, subject: message.subject },
        `${DEVELOPMENT_DELIVERY} (${channel}; nothing was sent) to ${message.to}: ${message.subject}\n${message.text}` +
          (message.attachments?.length ? `\n[attached: ${message.attachments.map((file) => file.filename).join(', ')}]` : ''),
      );
    },
  };
}

/** nodemailer over SMTP. SMTP_URL carries host, port and credentials: smtp://user:pass@host:587. */
export function createSmtpSender(options: { smtpUrl: string; from: string }): MessageSender {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    name: 'smtp',
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.attachments?.length ? { attachments: message.attachments } : {}),
      });
    },
  };
}

/** The email sender for a configuration: SMTP when configured, else the development log. */
export function createEmailSender(config: { SMTP_URL?: string; MAIL_FROM: string }): MessageSender {
  return config.SMTP_URL ? createSmtpSender({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }) : createLogSender('email');
}
