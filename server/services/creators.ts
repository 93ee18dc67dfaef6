import * as creators from '../domain/creators.ts';
import { inTransaction } from './write.ts';

// Creators and their applications (docs/architecture.md#services).

/** /ops: a creator. No audit entry or live event (creators have no trigger). */
export const createCreator = inTransaction(creators.createCreator);

/**
 * /ops: a creator applies to a campaign. Audit entry and live event by triggers
 * campaign_creators_audit, campaign_creators_events, docs/architecture.md#triggers.
 */
export const applyToCampaign = inTransaction(creators.applyToCampaign);

/**
 * Approves or rejects an application of a campaign of the scope. Audit entry and live event by
 * triggers campaign_creators_audit, campaign_creators_events, docs/architecture.md#triggers.
 */
export const decideCreator = inTransaction(creators.decideCreator);
