// The deliberate bugs of the mutation run (scripts/mutation-run.ts, docs/mutation-testing.md):
// each one is a mistake a person could make (a boundary, a flipped condition, a forgotten check),
// with the tests that should notice it. `from` must stand exactly once in `file`.
export type Mutation = {
  id: string;
  area: 'contract' | 'http' | 'domain' | 'features';
  file: string;
  what: string;
  from: string;
  to: string;
  project: 'service' | 'dashboard';
  tests: string[];
};

/** The mutations of one area, written as (id, file, what, from, to, tests). */
const area =
  (name: Mutation['area'], project: Mutation['project'], defaultTests: string[] = []) =>
  (
    id: string,
    file: string,
    what: string,
    from: string,
    to: string,
    tests = defaultTests,
  ): Mutation => ({
    id,
    area: name,
    file,
    what,
    from,
    to,
    project,
    tests,
  });
const contract = area('contract', 'service', ['contract']);
const http = area('http', 'service');
const domain = area('domain', 'service');
const features = area('features', 'dashboard');

export const mutations: Mutation[] = [
  // The contract: rules and readers both sides use.
  contract(
    'c1',
    'contract/campaign-rules.ts',
    'a deadline of today counts as past',
    'if (value < today) {',
    'if (value <= today) {',
  ),
  contract(
    'c2',
    'contract/campaign-rules.ts',
    'every status reads as fully locked when it is not',
    'all: LOCKED_AREAS[current].length === AREAS.length,',
    'all: LOCKED_AREAS[current].length !== AREAS.length,',
  ),
  contract(
    'c3',
    'contract/codes.ts',
    'a doubled quote inside a quoted CSV field is not an escaped quote',
    `if (text[i + 1] === '"') {`,
    `if (text[i + 1] === "'") {`,
  ),
  contract(
    'c4',
    'contract/codes.ts',
    'CRLF inside a quoted field counts as two line ends',
    String.raw`if (c === '\r' && text[i + 1] === '\n') i++;`,
    String.raw`if (c === '\r' && text[i + 1] === '\n') i += 0;`,
  ),
  contract(
    'c5',
    'contract/codes.ts',
    'total_uses at its maximum is refused',
    'if (Number(text) > MAX_TOTAL_USES)',
    'if (Number(text) >= MAX_TOTAL_USES)',
  ),
  contract(
    'c6',
    'contract/codes.ts',
    'a usage file of exactly the row limit is refused',
    'if (dataRows > MAX_USAGE_ROWS) {',
    'if (dataRows >= MAX_USAGE_ROWS) {',
  ),
  contract(
    'c7',
    'contract/codes.ts',
    'adding exactly the most codes at once is refused',
    'if (codes.length > MAX_CODES_PER_ADD) {',
    'if (codes.length >= MAX_CODES_PER_ADD) {',
  ),
  contract(
    'c8',
    'contract/targeting.ts',
    'a one-value range (18-18) is refused',
    'return min <= max ? { min, max } : null;',
    'return min < max ? { min, max } : null;',
  ),
  contract(
    'c9',
    'contract/targeting.ts',
    'a range out of bounds on one side only is accepted',
    'range.min < bounds.min || range.max > bounds.max',
    'range.min < bounds.min && range.max > bounds.max',
  ),

  // The HTTP layer: credentials, guards, protocol.
  http(
    'h1',
    'server/http/auth.ts',
    'a blank Authorization header is read as a key',
    "if (header === undefined || header.trim() === '') {",
    'if (header === undefined) {',
    ['server/routes/me/me.test.ts'],
  ),
  http(
    'h3',
    'server/http/input-guard.ts',
    'JSON one level deeper than the limit passes',
    'if (++depth > max) return true;',
    'if (++depth > max + 1) return true;',
    ['server/http/input-guard.test.ts'],
  ),
  http(
    'h4',
    'server/http/input-guard.ts',
    'an escaped NUL in the path is let through',
    "if (NUL_ESCAPE.test(pathPart) || pathPart.includes('\\u0000')) {",
    "if (pathPart.includes('\\u0000')) {",
    ['server/http/input-guard.test.ts'],
  ),
  http(
    'h5',
    'server/http/protocol.ts',
    'large JSON answers are sent uncompressed',
    'if (body.length > threshold) {',
    'if (body.length > threshold * 1000) {',
    ['server/http/protocol.test.ts'],
  ),
  http(
    'h6',
    'server/http/protocol.ts',
    'an encoding refused with q=0 is used',
    "(q.get(name) ?? q.get('*') ?? 0) > 0",
    "(q.get(name) ?? q.get('*') ?? 0) >= 0",
    ['server/http/protocol.test.ts'],
  ),
  http(
    'h7',
    'server/http/rate-limit.ts',
    'the last allowed request of a window is refused',
    'if (count > options.limit) {',
    'if (count >= options.limit) {',
    ['server/app.test.ts'],
  ),

  // The domain: what the service decides.
  domain(
    'd1',
    'server/domain/idempotency.ts',
    'a reused Idempotency-Key with another body replays the first answer',
    'if (stored.requestHash !== request.hash) {',
    'if (false) {',
    ['server/domain/idempotency.test.ts', 'server/routes/campaigns/idempotency.test.ts'],
  ),
  domain(
    'd2',
    'server/domain/idempotency.ts',
    'an expired Idempotency-Key still replays',
    'if (stored.createdAt > expiredBefore) {',
    'if (stored.createdAt < expiredBefore) {',
    ['server/domain/idempotency.test.ts', 'server/routes/campaigns/idempotency.test.ts'],
  ),
  domain(
    'd3',
    'server/domain/passwords.ts',
    'any password of the right length signs in',
    'actual.length === expected.length && timingSafeEqual(actual, expected)',
    'actual.length === expected.length',
    ['server/routes/people/sessions.test.ts'],
  ),
  domain(
    'd4',
    'server/domain/codes.ts',
    'codes already taken are dropped silently',
    'if (inserted.length < body.codes.length) {',
    'if (inserted.length < 0) {',
    ['server/routes/codes/codes.test.ts'],
  ),
  domain(
    'd5',
    'server/domain/codes.ts',
    'a usage report lowering a total is taken',
    '} else if (e.totalUses < Number(row.totalUses)) {',
    '} else if (e.totalUses > Number(row.totalUses)) {',
    ['server/routes/codes/codes.test.ts', 'server/routes/usage-reports'],
  ),
  domain(
    'd6',
    'server/domain/codes.ts',
    'commission is added instead of multiplied by new uses',
    'delta * row.commissionCents',
    'delta + row.commissionCents',
    ['server/routes/codes/codes.test.ts', 'server/routes/usage-reports'],
  ),
  domain(
    'd7',
    'server/domain/codes.ts',
    'assigning a code to the creator who has it is a conflict',
    'current.assignedCreatorId === body.creator_id &&',
    'current.assignedCreatorId !== body.creator_id &&',
    ['server/routes/codes/codes.test.ts'],
  ),
  domain(
    'd8',
    'server/domain/campaign-rules.ts',
    'a campaign without tasks is published even without creator approval',
    'if (activeTasks === 0 && !settings.creator_approval_required) {',
    'if (activeTasks === 0 && settings.creator_approval_required) {',
    ['server/routes/campaigns/lifecycle.test.ts'],
  ),
  domain(
    'd9',
    'server/domain/campaign-rules.ts',
    'a content deadline on the post deadline is refused',
    'if (!content || !post || content <= post) return;',
    'if (!content || !post || content < post) return;',
    ['server/domain/campaign-rules.test.ts', 'server/routes/campaigns/update.test.ts'],
  ),
  domain(
    'd10',
    'server/domain/payouts.ts',
    'a creator who is not approved is paid',
    "if (participation?.status !== 'approved') {",
    "if (participation?.status === 'rejected') {",
    ['server/routes/ops'],
  ),
  domain(
    'd11',
    'server/domain/payouts.ts',
    "a payout lowers the campaign's spend",
    'spentCents: sql`${campaigns.spentCents} + ${body.amount_cents}`',
    'spentCents: sql`${campaigns.spentCents} - ${body.amount_cents}`',
    ['server/routes/ops', 'server/routes/metrics'],
  ),
  domain(
    'd12',
    'server/domain/targeting-fit.ts',
    'an OR group needs every condition',
    "case when e.gop = 'OR' then bool_or(e.met)",
    "case when e.gop = 'OR' then bool_and(e.met)",
    ['server/routes/creators/fit.test.ts'],
  ),
  domain(
    'd13',
    'server/domain/targeting-fit.ts',
    'root_operator OR is read as AND',
    "->> 'root_operator' = 'OR' then bool_or(w.group_met)",
    "->> 'root_operator' = 'OR' then bool_and(w.group_met)",
    ['server/routes/creators/fit.test.ts'],
  ),
  domain(
    'd14',
    'server/domain/metrics.ts',
    'a campaign outside the caller’s brands gives an empty report instead of 404',
    "if (scope !== null && scope.length === 0) throw notFound('Campaign');",
    "if (false) throw notFound('Campaign');",
    ['server/routes/metrics'],
  ),

  domain(
    'd15',
    'server/domain/tenancy.ts',
    'an agency key creates for a brand its agency does not manage',
    'if (!actsForBrand(auth, brandId)) {',
    'if (false) {',
    ['server/http/auth.test.ts', 'server/routes/campaigns/create.test.ts'],
  ),

  // The dashboard's features.
  features(
    'f1',
    'src/features/review/queue-cursor.ts',
    'deciding the last item leaves an empty view while others remain',
    'const index = Math.min(at, rest.length - 1);',
    'const index = Math.min(at, rest.length);',
    ['src/features/review/queue-cursor.test.ts'],
  ),
  features(
    'f2',
    'src/features/review/queue-cursor.ts',
    'J past the last item shows nothing',
    'if (to < 0 || to >= ids.length) return cursor;',
    'if (to < 0 || to > ids.length) return cursor;',
    ['src/features/review/queue-cursor.test.ts'],
  ),
  features(
    'f3',
    'src/features/creators/steady-rows.ts',
    'new applicants are slipped in among the rows being worked on',
    'Date.parse(creator.applied_at) < oldest',
    'Date.parse(creator.applied_at) > oldest',
    ['src/features/creators/steady-rows.test.ts'],
  ),
  features(
    'f4',
    'src/features/metrics/report-data.ts',
    'the funnel shows a conversion over 100%',
    'previous > 0 && count <= previous ? count / previous : null',
    'previous > 0 ? count / previous : null',
    ['src/features/metrics/report-data.test.ts'],
  ),
  features(
    'f5',
    'src/features/builder/edit-plan.ts',
    'unchanged settings are sent with every save',
    "if (baseline.settings[key as keyof Campaign['settings']] !== value) settings[key] = value;",
    'settings[key] = value;',
    ['src/features/builder/edit-plan.test.ts'],
  ),
  features(
    'f6',
    'src/features/builder/same-value.ts',
    'the same object with its keys in another order reads as a change',
    'return stableJson(a) === stableJson(b);',
    'return JSON.stringify(a) === JSON.stringify(b);',
    ['src/features/builder'],
  ),
  features(
    'f7',
    'src/features/codes/codes-text.ts',
    'a one-column list of codes is read as CSV rows',
    "read.layout === 'column'",
    "read.layout !== 'column'",
    ['src/features/codes/codes-text.test.ts'],
  ),
  features(
    'f8',
    'src/features/metrics/report-data.ts',
    'the daily series stops a day early',
    'if (day >= last) break;',
    'if (day >= last || i + 1 === days.length) break;',
    ['src/features/metrics/report-data.test.ts'],
  ),
];
