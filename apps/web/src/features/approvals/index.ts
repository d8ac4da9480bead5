// The approvals feature's public entry: what other features and the app use from it, re-exports only
// (src/feature-boundaries.test.ts).
export { ApprovalBadge, AwaitingApprovalBadge, shownApproval } from './approval-badge.tsx';
export { ApprovalLine } from './approval-line.tsx';
export { ApprovalLinkResult } from './approval-link-result.tsx';
export { CustomerDecisionsBadge } from './decisions-badge.tsx';
export { FreshDecisionsPanel } from './fresh-decisions-panel.tsx';
export { ProposalPrice, useProposalAmount } from './proposal-price.tsx';
export { DeclinedWorkCard, DeclinedWorkSection, VisitApprovalsSection } from './visit-approvals-section.tsx';
