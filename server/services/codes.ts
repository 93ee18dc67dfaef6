import type { CodesAdd, DiscountCode } from '#contract/codes';
import { transaction, type Db } from '../db/client.ts';
import type { BrandScope } from '../domain/brand-scope.ts';
import * as codes from '../domain/codes.ts';
import type { IdempotentOutcome, IdempotentRequest } from '../domain/idempotency.ts';
import * as usageReports from '../domain/usage-reports.ts';
import { runIdempotent } from './idempotency.ts';
import { inTransaction } from './write.ts';

// Discount codes, their groups and usage reports (docs/architecture.md#services).

/**
 * /ops: a code group of a brand. Audit entry by trigger code_groups_audit,
 * docs/architecture.md#triggers.
 */
export const createCodeGroup = inTransaction(codes.createCodeGroup);

/**
 * Adds codes to groups of the scope. Audit entry and live event by triggers discount_codes_audit,
 * discount_codes_events_insert, docs/architecture.md#triggers.
 */
export const addCodes = inTransaction(codes.addCodes);

/**
 * addCodes at most once per (credential, Idempotency-Key): the stored answer as text, so a retry
 * of an add whose answer was lost replays it instead of answering 409 code_exists. Audit entry
 * and live event by triggers discount_codes_audit, discount_codes_events_insert,
 * docs/architecture.md#triggers.
 */
export function addCodesOnce(
  db: Db,
  request: IdempotentRequest,
  scope: BrandScope,
  body: CodesAdd,
): Promise<IdempotentOutcome> {
  return runIdempotent(db, request, async (tx) => ({
    status: 201,
    body: { data: await codes.addCodes(tx, scope, body) },
  }));
}

/**
 * /ops: assigns a code to a creator. Audit entry and live event by triggers discount_codes_audit,
 * discount_codes_events_update, docs/architecture.md#triggers.
 */
export const assignCode = inTransaction(codes.assignCode);

/**
 * Deletes a code of the scope. Audit entry and live event by triggers discount_codes_audit,
 * discount_codes_events_delete, docs/architecture.md#triggers.
 */
export const deleteCode = inTransaction(codes.deleteCode);

/**
 * PUT /codes/{code}: one code's total uses. Audit entry and live event by triggers
 * discount_codes_audit, discount_codes_events_update, docs/architecture.md#triggers.
 */
export function setCodeUsage(
  db: Db,
  scope: BrandScope,
  code: string,
  totalUses: number,
): Promise<DiscountCode> {
  return transaction(db, async (tx) => {
    await codes.getCode(tx, code, scope);
    const result = await codes.reportUsage(tx, scope, [{ code, totalUses, where: '' }], {
      fieldOfCode: 'code',
      fieldOfTotal: 'total_uses',
    });
    return result.data[0]!;
  });
}

/**
 * Applies or refuses a usage report (PUT /codes, an e-mail) and records it, in one transaction: a
 * refusal is recorded too (the caller throws it after the commit). Audit entry and live event by
 * triggers discount_codes_audit, discount_codes_events_update and usage_reports_events,
 * docs/architecture.md#triggers.
 */
export const receiveUsageReport = inTransaction(usageReports.receiveUsageReport);

/**
 * A new intake address for a group of the scope. Audit entry by trigger code_groups_audit,
 * docs/architecture.md#triggers.
 */
export const rotateIntake = inTransaction(usageReports.rotateIntake);
