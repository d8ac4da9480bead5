// Phase 2 e-invoicing: sending each issued document to a tax platform (clearance or reporting). Not done
// yet: this file is the seam where it plugs in, so the issue flow does not change when it comes.
//
// - Saudi Arabia (ZATCA "Fatoora", phase 2 "integration"): a UBL 2.1 XML per invoice, signed with the
//   device's cryptographic stamp (a CSID obtained by onboarding the device with an OTP from the Fatoora
//   portal), hashed and chained (previous invoice hash, invoice counter). Standard (B2B) tax invoices are
//   CLEARED (sent, stamped back by ZATCA before the buyer gets them); simplified (B2C) invoices are
//   REPORTED within 24 hours of issue. The QR gains tags 6-9 (hash, signature, public key, stamp).
// - France (e-invoicing reform, from September 2026 / 2027): invoices between French VAT-registered
//   businesses go through a certified platform (PDP, "plateforme de dématérialisation partenaire") in
//   Factur-X, UBL or CII, which forwards them and the tax data to the administration's PPF; B2C sales and
//   foreign buyers are e-REPORTED (transaction and payment data) through the same platform.
// docs/invoicing.md "Clearance" says where a provider would be called (after the transaction
// commits, from a job that retries) and what it would store.
import type { InvoiceSnapshotV2 } from '@garage/db/invoices';

/** What a provider is given: the issued document as frozen, and its machine-readable forms. */
export interface ClearanceDocument {
  invoiceId: string;
  snapshot: InvoiceSnapshotV2;
  /** Factur-X CII (France), when the document carries one. */
  facturXml?: string;
}

export type ClearanceResult =
  /** Nothing to do (no provider, or the document is out of the scheme: e.g. a B2C sale in France before e-reporting). */
  | { status: 'NOT_APPLICABLE' }
  /** Accepted: cleared (stamped document back) or reported. `reference`: the platform's id. */
  | { status: 'CLEARED' | 'REPORTED'; reference: string; clearedDocument?: string; warnings?: string[] }
  /** Refused by the platform (validation errors): the document must be credited and issued again. */
  | { status: 'REJECTED'; errors: string[] }
  /** Not reached (network, platform down): retry later; the issued document stays valid meanwhile. */
  | { status: 'RETRY'; reason: string };

export interface ClearanceProvider {
  /** "none", "zatca-fatoora", "fr-pdp-<name>"... stored with each submission. */
  readonly name: string;
  submit(document: ClearanceDocument): Promise<ClearanceResult>;
}

/** Today's provider everywhere: nothing is sent. */
export const noClearance: ClearanceProvider = {
  name: 'none',
  async submit() {
    return { status: 'NOT_APPLICABLE' };
  },
};

/** The provider for a shop's country profile. Phase 2 providers would be chosen here (and configured by an admin). */
export function clearanceProviderFor(_profile: InvoiceSnapshotV2['profile']): ClearanceProvider {
  return noClearance;
}
