import { AsyncLocalStorage } from 'node:async_hooks';

// Who is writing (docs/api.md#people): each request, and each message of the e-mail intake,
// runs inside an audit scope naming its actor and request id. transaction() (client.ts) hands them
// to PostgreSQL as transaction-local settings, and the audit triggers of migration 0006 write one
// audit_events row per changed row in the same transaction. Without a scope (demo seed, inspection
// worker, simulator) nothing is written to the trail.

export type AuditActorType = 'member' | 'key' | 'ops' | 'email';

export interface AuditActor {
  type: AuditActorType;
  /** The member id, key id, or e-mail sender; null for ops. */
  id: string | null;
  /** What to show: "Maya Chen (reviewer)", "Shop sync (API key)", "ops", the sender. */
  label: string;
}

export interface AuditScope {
  /** Set once the credential is known; null while anonymous (a public route before sign-in). */
  actor: AuditActor | null;
  requestId: string | null;
}

const storage = new AsyncLocalStorage<AuditScope>();

/** Runs `fn` with an audit scope; writes in it are recorded with `scope.actor`. */
export function runInAuditScope<T>(scope: AuditScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/** The scope of the running request or message, if any. */
export function currentAuditScope(): AuditScope | undefined {
  return storage.getStore();
}

/** Names the actor of the running request (after authentication, or a sign-in's member). */
export function setAuditActor(actor: AuditActor): void {
  const scope = storage.getStore();
  if (scope) scope.actor = actor;
}

/**
 * "Maya Chen (reviewer)" when a signed-in member is writing, null otherwise (a key, ops, the
 * seed): a decision keeps it so that "approved by" can name the person after their session ends.
 */
export function memberActorLabel(): string | null {
  const actor = storage.getStore()?.actor;
  return actor?.type === 'member' ? actor.label : null;
}
