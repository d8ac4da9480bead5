// The approval link: a customer decides a visit's proposed tasks from a phone without a password.
// The token is 256 random bits (base64url) in the link only; the database keeps an HMAC-SHA-256 of it keyed
// with the server secret, so a database reader cannot rebuild a link and a forged token matches nothing.
// A link is short-lived (APPROVAL_LIMITS.linkTtlHours), opens only its own visit, is used up by the one
// submission of decisions, and minting a new one for the visit revokes the older ones.
import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '@garage/db';
import {
  APPROVAL_LIMITS,
  isAwaitingApproval,
  isVisitClosed,
  pendingProposalCents,
  taskGrossCents,
  type ApprovalLinkView,
  type Language,
  type PublicApproval,
} from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { createEmailSender, type DeliveryLog, type MessageSender } from '../../lib/mailer.ts';
import { linkReportUrls, readInspectionReports } from '../inspection-reports/inspection-reports.ts';
import { readShopTaxSettings } from '../tax/tax-settings.ts';
import { amountDueLinesOf } from '../visits/visit-views.ts';
import { decideTasks, type DecisionItem } from './approvals.service.ts';
import { approvalMessage } from './approval-texts.ts';

export const hashToken = (token: string, secret: string) => createHmac('sha256', secret).update(`approval-link:${token}`).digest('hex');

const defaultEmailSenders = new WeakMap<object, MessageSender>();
function emailSender(deps: AppDeps): MessageSender {
  if (deps.senders?.email) return deps.senders.email;
  let sender = defaultEmailSenders.get(deps.config);
  if (!sender) {
    sender = createEmailSender(deps.config);
    defaultEmailSenders.set(deps.config, sender);
  }
  return sender;
}

/** Digits of an international number for wa.me ("+33", "612345678" → "33612345678"). */
export function whatsappNumber(countryCode: string | null, phoneNumber: string | null): string | null {
  if (!phoneNumber) return null;
  const digits = `${countryCode ?? ''}${phoneNumber}`.replace(/\D/g, '');
  return digits.length >= 6 ? digits : null;
}

export interface MintOptions {
  /** Origin the link points at, e.g. https://garage.example (no trailing slash). */
  baseUrl: string;
  sendEmail: boolean;
  createdById: string | null;
  log: DeliveryLog;
  now?: Date;
  /**
   * inspection: the link carries a sent inspection report (issue #29), so it is made even with no proposal
   * waiting (an all-green report), and its message speaks of the report.
   */
  purpose?: 'approval' | 'inspection';
}

/** Staff ask the customer to approve: a fresh link (older ones revoked), emailed when asked and possible. */
export async function mintApprovalLink(deps: AppDeps, visitId: string, options: MintOptions): Promise<ApprovalLinkView> {
  const now = options.now ?? new Date();
  const { db } = deps;
  const visit = await db.visit.findUnique({
    where: { id: visitId },
    select: {
      id: true,
      name: true,
      status: true,
      vehicle: { select: { plateNumber: true } },
      customer: { select: { firstName: true, email: true, countryCode: true, phoneNumber: true, preferredLanguage: true } },
      tasks: { select: { status: true, approval: true } },
    },
  });
  if (!visit) throw notFound('visit');
  if (isVisitClosed(visit.status)) throw new AppError('CONFLICT', 'approvalLinks.closed');
  const pendingCount = visit.tasks.filter(isAwaitingApproval).length;
  if (pendingCount === 0 && options.purpose !== 'inspection') throw new AppError('CONFLICT', 'approvalLinks.nothingPending');

  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + APPROVAL_LIMITS.linkTtlHours * 3_600_000);
  const link = await db.$transaction(async (tx) => {
    await tx.approvalLink.updateMany({ where: { visitId, consumedAt: null, revokedAt: null }, data: { revokedAt: now } });
    return tx.approvalLink.create({
      data: { visitId, tokenHash: hashToken(token, deps.jwtSecret), createdById: options.createdById, expiresAt, createdAt: now },
      select: { id: true },
    });
  });

  const url = `${options.baseUrl.replace(/\/+$/, '')}/approve/${token}`;
  const language = visit.customer.preferredLanguage as Language;
  const texts = approvalMessage(
    language,
    {
      firstName: visit.customer.firstName,
      visitName: visit.name,
      plateNumber: visit.vehicle.plateNumber,
      count: pendingCount,
      url,
      hours: APPROVAL_LIMITS.linkTtlHours,
    },
    options.purpose,
  );

  let emailedTo: string | null = null;
  if (options.sendEmail && visit.customer.email) {
    const sender = emailSender(deps);
    try {
      await sender.send({ to: visit.customer.email, subject: texts.subject, text: texts.body }, options.log);
      emailedTo = visit.customer.email;
      await db.approvalLink.update({ where: { id: link.id }, data: { emailedTo } });
    } catch (error) {
      // The link still works: staff can send it by WhatsApp or copy it. The answer says it was not emailed.
      options.log.error({ err: error, sender: sender.name }, 'approval link email failed');
    }
  }
  const phone = whatsappNumber(visit.customer.countryCode, visit.customer.phoneNumber);
  return {
    url,
    expiresAt: expiresAt.toISOString(),
    emailedTo,
    whatsappUrl: phone ? `https://wa.me/${phone}?text=${encodeURIComponent(texts.short)}` : null,
    message: texts.short,
    pendingCount,
  };
}

/** The newest link of a visit, for the staff page ("sent ... expires ..."). */
export async function latestApprovalLink(db: Db, visitId: string) {
  const visit = await db.visit.findUnique({ where: { id: visitId }, select: { id: true } });
  if (!visit) throw notFound('visit');
  const row = await db.approvalLink.findFirst({
    where: { visitId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { createdAt: true, expiresAt: true, consumedAt: true, revokedAt: true, emailedTo: true },
  });
  return {
    latest: row
      ? {
          createdAt: row.createdAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          consumedAt: row.consumedAt?.toISOString() ?? null,
          revokedAt: row.revokedAt?.toISOString() ?? null,
          emailedTo: row.emailedTo,
        }
      : null,
  };
}

/** Staff take back every live link of a visit (e.g. sent to the wrong person). */
export async function revokeApprovalLinks(db: Db, visitId: string, now = new Date()): Promise<{ count: number }> {
  const visit = await db.visit.findUnique({ where: { id: visitId }, select: { id: true } });
  if (!visit) throw notFound('visit');
  return db.approvalLink.updateMany({ where: { visitId, consumedAt: null, revokedAt: null }, data: { revokedAt: now } });
}

type LinkRow = { id: string; visitId: string; expiresAt: Date; consumedAt: Date | null; revokedAt: Date | null };

/** Unknown or forged → 404; used, replaced or expired → 410 (GONE). */
function assertUsable(link: LinkRow | null, now: Date): asserts link is LinkRow {
  if (!link) throw new AppError('NOT_FOUND', 'approvalLinks.invalid');
  if (link.consumedAt) throw new AppError('GONE', 'approvalLinks.used');
  if (link.revokedAt) throw new AppError('GONE', 'approvalLinks.replaced');
  if (link.expiresAt.getTime() <= now.getTime()) throw new AppError('GONE', 'approvalLinks.expired');
}

const linkSelect = { id: true, visitId: true, expiresAt: true, consumedAt: true, revokedAt: true } as const;

/** The visit a live link opens (unknown 404; used, replaced or expired 410): for what the link page reads besides. */
export async function liveLinkVisitId(deps: AppDeps, token: string, now = new Date()): Promise<string> {
  const link = await deps.db.approvalLink.findUnique({ where: { tokenHash: hashToken(token, deps.jwtSecret) }, select: linkSelect });
  assertUsable(link, now);
  return link.visitId;
}

/** What the public page shows: that visit's proposals waiting for a decision, nothing else. */
export async function readApprovalLink(deps: AppDeps, token: string, now = new Date()): Promise<PublicApproval> {
  const link = await deps.db.approvalLink.findUnique({ where: { tokenHash: hashToken(token, deps.jwtSecret) }, select: linkSelect });
  assertUsable(link, now);
  const [visit, settings, inspections] = await Promise.all([
    deps.db.visit.findUniqueOrThrow({
      where: { id: link.visitId },
      select: {
        name: true,
        status: true,
        totalCostCents: true,
        vehicle: { select: { plateNumber: true, brand: true, model: true } },
        customer: { select: { firstName: true, preferredLanguage: true } },
        tasks: {
          where: { approval: 'PENDING', status: { not: 'CANCELLED' } },
          orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
          select: {
            id: true,
            title: true,
            description: true,
            service: true,
            priority: true,
            soldForCents: true,
            status: true,
            approval: true,
            lines: { select: { totalCents: true, taxRate: { select: { basisPoints: true } } } },
          },
        },
      },
    }),
    readShopTaxSettings(deps.db),
    readInspectionReports(deps.db, { visitId: link.visitId, sentOnly: true }, linkReportUrls(token)),
  ]);
  if (isVisitClosed(visit.status)) throw new AppError('CONFLICT', 'approvalLinks.closed');
  // Each proposal at what the customer will pay for it (with its tax where prices are typed without tax).
  const amountDueTasks = visit.tasks.map((task) => ({ status: task.status, approval: task.approval, ...amountDueLinesOf(task) }));
  return {
    visit: { name: visit.name, ...visit.vehicle, totalCostCents: visit.totalCostCents },
    customerFirstName: visit.customer.firstName,
    language: visit.customer.preferredLanguage,
    expiresAt: link.expiresAt.toISOString(),
    pricesIncludeTax: settings.pricesIncludeTax,
    pendingProposalCents: pendingProposalCents(amountDueTasks, settings),
    tasks: visit.tasks.map((task, index) => ({
      id: task.id,
      title: task.title,
      description: task.description,
      service: task.service,
      priority: task.priority,
      soldForCents: task.soldForCents,
      grossCents: taskGrossCents(amountDueTasks[index]!, settings),
    })),
    inspections,
  };
}

/**
 * The page's one submission: every pending proposal decided, then the link is used up (in the same
 * transaction, by a conditional update, so two submissions racing cannot both pass).
 */
export async function decideByLink(deps: AppDeps, token: string, items: readonly DecisionItem[], now = new Date()) {
  const link = await deps.db.approvalLink.findUnique({
    where: { tokenHash: hashToken(token, deps.jwtSecret) },
    select: { ...linkSelect, visit: { select: { customerId: true } } },
  });
  assertUsable(link, now);
  const money = await decideTasks(deps.db, link.visitId, items, {
    customerId: link.visit.customerId,
    channel: 'LINK',
    requireAll: true,
    now,
    onDecided: async (tx) => {
      const used = await tx.approvalLink.updateMany({
        where: { id: link.id, consumedAt: null, revokedAt: null, expiresAt: { gt: now } },
        data: { consumedAt: now },
      });
      if (used.count !== 1) throw new AppError('GONE', 'approvalLinks.used');
    },
  });
  return { decided: items.length, totalCostCents: money.totalCostCents };
}
