/** The local product API as a transport-free handler: ApiRequest in, ApiResponse out. */
import { corsDecision, foreignWrite, preflight } from './cors.ts';
import { giveawayStatus, submitEntry, type GiveawayEvents } from './giveaway.ts';
import { apiError, decodeSegment, json, type ApiRequest, type ApiResponse } from './http.ts';
import { addCustomer, csrfFailure, login, zipEligibility } from './order-service.ts';
import type { Store } from './store.ts';

export const BODY_LIMIT_BYTES = 16 * 1024;
export const TENANT_NOT_FOUND_MESSAGE = 'Tenant not found.';

export interface ApiOptions {
  store: Store;
  events: GiveawayEvents;
  /** Shared and live: origins added later (e.g. the static server's port) take effect at once. */
  allowedOrigins: Set<string>;
}

type Route = {
  method: string;
  pattern: RegExp;
  handle: (request: ApiRequest, params: string[]) => ApiResponse;
  csrf?: boolean;
};

function tenantByCode(store: Store, slug: string): ApiResponse {
  const tenant = store.tenantBySlug(slug);
  if (tenant === undefined) return apiError(404, TENANT_NOT_FOUND_MESSAGE);
  return json(200, { result: { id: tenant.id, affiliateId: tenant.affiliateId } });
}

function tenantById(store: Store, idText: string): ApiResponse {
  const id = /^[0-9]{1,15}$/.test(idText) ? Number(idText) : NaN;
  const tenant = Number.isSafeInteger(id) ? store.tenantById(id) : undefined;
  if (tenant === undefined) return apiError(404, TENANT_NOT_FOUND_MESSAGE);
  return json(200, { result: tenant });
}

export function createApiHandler(options: ApiOptions): (request: ApiRequest) => ApiResponse {
  const { store, events } = options;
  const allowed = options.allowedOrigins;
  const routes: Route[] = [
    {
      method: 'GET',
      pattern: /^\/k1mobile\/tenant\/code\/([^/]+)$/,
      handle: (_r, [slug = '']) => tenantByCode(store, slug),
    },
    {
      method: 'GET',
      pattern: /^\/k1mobile\/tenant\/([^/]+)$/,
      handle: (_r, [id = '']) => tenantById(store, id),
    },
    {
      method: 'POST',
      pattern: /^\/k1mobile\/giveaway\/entry$/,
      handle: (r) => submitEntry(store, events, r),
    },
    {
      method: 'GET',
      pattern: /^\/k1mobile\/giveaway\/([^/]+)$/,
      handle: (_r, [guid = '']) => giveawayStatus(events, guid),
    },
    { method: 'POST', pattern: /^\/account\/login$/, handle: (r) => login(store, r), csrf: true },
    {
      method: 'PUT',
      pattern: /^\/nexusapi\/add_customer$/,
      handle: (r) => addCustomer(store, r),
      csrf: true,
    },
    {
      method: 'POST',
      pattern: /^\/mobileapi\/zipcode\/([^/]+)\/eligibility$/,
      handle: (r, [zip = '']) => zipEligibility(r, zip),
      csrf: true,
    },
  ];

  function route(request: ApiRequest): ApiResponse {
    if (Buffer.byteLength(request.body) > BODY_LIMIT_BYTES) {
      return apiError(413, `Request body is larger than ${BODY_LIMIT_BYTES / 1024} KB.`);
    }
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const matching = routes
      .map((candidate) => ({ candidate, match: candidate.pattern.exec(request.path) }))
      .filter((found) => found.match !== null);
    if (matching.length === 0) return apiError(404, 'Not found.');
    const found = matching.find(({ candidate }) => candidate.method === method);
    if (found === undefined || found.match === null) {
      const allow = [...new Set(matching.map(({ candidate }) => candidate.method))].join(', ');
      const refused = apiError(405, 'Method not allowed.');
      return { ...refused, headers: { ...refused.headers, allow } };
    }
    const params: string[] = [];
    for (const raw of found.match.slice(1)) {
      const decoded = decodeSegment(raw ?? '');
      if (decoded === undefined) return apiError(400, 'The path is not valid percent-encoding.');
      params.push(decoded);
    }
    if (found.candidate.csrf === true) {
      const refused = csrfFailure(request);
      if (refused !== undefined) return refused;
    }
    return found.candidate.handle(request, params);
  }

  return function handle(request: ApiRequest): ApiResponse {
    const decision = corsDecision(request, allowed);
    const early = preflight(request, decision) ?? foreignWrite(request, decision);
    let response: ApiResponse;
    try {
      response = early ?? route(request);
    } catch (error) {
      console.error('local API: internal error', error instanceof Error ? error.message : error);
      response = apiError(500, 'Internal error.');
    }
    const cors = decision.kind === 'allowed' && early === undefined ? decision.headers : {};
    const headers = {
      ...response.headers,
      ...cors,
      vary: 'Origin',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    };
    return { ...response, headers, body: request.method === 'HEAD' ? '' : response.body };
  };
}
