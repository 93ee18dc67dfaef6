import { createRouter } from '../../http/openapi.ts';
import { linkBase } from '../../http/public-url.ts';
import type { InvitationMailer } from '../../mail/invitations.ts';
import { inviteMember, revokeApiKey } from '../../services/people.ts';
import {
  createAgency,
  createBrand,
  createKeyFor,
  createProperty,
  namedOwner,
} from '../../services/tenancy.ts';
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

export function opsRoutes(
  deps: OpsActivityDeps & { intakeDomain: string; mailer: InvitationMailer | null },
) {
  const { db } = deps;
  return createRouter()
    .openapi(createBrandRoute, async (c) => {
      const { name } = c.req.valid('json');
      return c.json(await createBrand(db, name), 201);
    })
    .openapi(createAgencyRoute, async (c) => {
      const body = c.req.valid('json');
      const agency = await createAgency(db, body.name, body.brand_ids);
      return c.json({ id: agency.id, name: agency.name, brand_ids: agency.brandIds }, 201);
    })
    .openapi(createKeyRoute, async (c) => {
      const body = c.req.valid('json');
      return c.json(await createKeyFor(db, body), 201);
    })
    .openapi(revokeKeyRoute, async (c) => {
      const { key_id } = c.req.valid('param');
      const revoked = await revokeApiKey(db, key_id, deps.now());
      return c.json({ id: revoked.id, revoked_at: revoked.revokedAt.toISOString() }, 200);
    })
    .openapi(createPropertyRoute, async (c) => {
      const body = c.req.valid('json');
      return c.json(await createProperty(db, body), 201);
    })
    .openapi(createInvitationRoute, async (c) => {
      const body = c.req.valid('json');
      const base = linkBase(c);
      const invitation = await inviteMember(
        db,
        deps.mailer,
        await namedOwner(db, body),
        { email: body.email, role: body.role },
        'ops',
        deps.now(),
        'ops',
        (token) => `${base}/accept-invitation#token=${token}`,
      );
      return c.json(invitation, 201);
    })
    .route('/', opsCampaignRoutes(deps))
    .route('/', opsActivityRoutes(deps))
    .route('/', opsCodeRoutes(deps));
}
