import { transaction, type Db } from '../../db/client.ts';
import { insertApiKey, revokeApiKey, type KeyOwner } from '../../domain/keys.ts';
import { insertProperty } from '../../domain/targeting.ts';
import { findAgency, findBrand, insertAgency, insertBrand } from '../../domain/tenancy.ts';
import { validationFailed } from '../../errors.ts';
import { createRouter } from '../../http/openapi.ts';
import { opsActivityRoutes, type OpsActivityDeps } from './activity.handlers.ts';
import { opsCampaignRoutes } from './campaigns.handlers.ts';
import { opsCodeRoutes } from './codes.handlers.ts';
import {
  createBrandRoute,
  createAgencyRoute,
  createKeyRoute,
  revokeKeyRoute,
  createPropertyRoute,
  createInvitationRoute,
} from './ops.routes.ts';
import { createInvitation } from '../../domain/people.ts';
import { linkBase } from '../../http/public-url.ts';

/** The brand or agency a body names by brand_id or agency_id; 422 naming the field if it does not exist. */
async function namedOwner(
  db: Db,
  body: { brand_id: string } | { agency_id: string },
): Promise<KeyOwner> {
  if ('brand_id' in body) {
    if (!(await findBrand(db, body.brand_id))) throw validationFailed('brand_id', 'unknown brand');
    return { kind: 'brand', brandId: body.brand_id };
  }
  if (!(await findAgency(db, body.agency_id)))
    throw validationFailed('agency_id', 'unknown agency');
  return { kind: 'agency', agencyId: body.agency_id };
}

export function opsRoutes(deps: OpsActivityDeps & { intakeDomain: string }) {
  const { db } = deps;
  return createRouter()
    .openapi(createBrandRoute, async (c) => {
      const { name } = c.req.valid('json');
      return c.json(await transaction(db, (tx) => insertBrand(tx, name)), 201);
    })
    .openapi(createAgencyRoute, async (c) => {
      const body = c.req.valid('json');
      const agency = await insertAgency(db, body.name, body.brand_ids);
      return c.json({ id: agency.id, name: agency.name, brand_ids: agency.brandIds }, 201);
    })
    .openapi(createKeyRoute, async (c) => {
      const body = c.req.valid('json');
      // The owner must exist: one transaction checks it and stores the key.
      const created = await transaction(db, async (tx) =>
        insertApiKey(tx, {
          ...(await namedOwner(tx, body)),
          ...(body.scopes ? { scopes: body.scopes } : {}),
        }),
      );
      return c.json(created, 201);
    })
    .openapi(revokeKeyRoute, async (c) => {
      const { key_id } = c.req.valid('param');
      const revoked = await revokeApiKey(db, key_id, deps.now());
      return c.json({ id: revoked.id, revoked_at: revoked.revokedAt.toISOString() }, 200);
    })
    .openapi(createPropertyRoute, async (c) => {
      const body = c.req.valid('json');
      return c.json(await insertProperty(db, body), 201);
    })
    .openapi(createInvitationRoute, async (c) => {
      const body = c.req.valid('json');
      const invitation = await createInvitation(
        db,
        await namedOwner(db, body),
        { email: body.email, role: body.role },
        'ops',
        deps.now(),
        'ops',
      );
      return c.json(
        {
          id: invitation.id,
          email: body.email,
          role: body.role,
          invitation_url: `${linkBase(c)}/accept-invitation#token=${invitation.token}`,
          expires_at: invitation.expiresAt.toISOString(),
        },
        201,
      );
    })
    .route('/', opsCampaignRoutes(deps))
    .route('/', opsActivityRoutes(deps))
    .route('/', opsCodeRoutes(deps));
}
