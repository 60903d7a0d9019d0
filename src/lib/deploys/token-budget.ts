/**
 * What tokens not seen before may cost Sanity: each is one request (`GET /users/me`), at most
 * UNKNOWN_TOKEN_BUDGET a minute per function instance, and at most ADDRESS_SHARE of those from one
 * caller address (Netlify's `context.ip`; an IPv6 caller's /64, which one machine commonly holds
 * whole). So one source flooding made-up tokens spends its own share, not the instance's budget,
 * and a new editor elsewhere is still asked about at once. A flood from more addresses than
 * UNKNOWN_TOKEN_BUDGET / ADDRESS_SHARE can still spend the instance's budget for the minute: new
 * editors are then told "checking your access" (editors with a pass are not affected), and Sanity
 * is asked no more than the budget whatever is sent.
 */
import { isIP } from 'node:net';
import { RateLimiterMemory } from 'rate-limiter-flexible';

/** Tokens not seen before that one function instance asks Sanity about, per minute. */
export const UNKNOWN_TOKEN_BUDGET = 30;
/** Of those, at most this many a minute from one caller address. */
export const ADDRESS_SHARE = 10;

/** The key a caller's address is charged under: an IPv4 address as it is (a mapped one too), an IPv6 address's /64. */
function addressKey(ip: string | undefined): string | undefined {
  if (!ip) return undefined;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1];
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail] = ip.split('%')[0]!.toLowerCase().split('::');
  const front = head ? head.split(':') : [];
  const groups =
    tail === undefined
      ? front
      : [
          ...front,
          ...Array<string>(Math.max(0, 8 - front.length - tail.split(':').length)).fill('0'),
          ...(tail ? tail.split(':') : []),
        ];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** What a charge found spent: the caller's address's share or the instance's budget, and when the next charge may pass. */
export interface Spent {
  by: 'address' | 'instance';
  retryAfterMs: number;
}

const refusal = (consumed: Promise<unknown>): Promise<number | undefined> =>
  consumed.then(
    () => undefined,
    (refused: { msBeforeNext?: number }) => refused.msBeforeNext ?? 60_000,
  );

export function createTokenBudget() {
  const instance = new RateLimiterMemory({ points: UNKNOWN_TOKEN_BUDGET, duration: 60 });
  const addresses = new RateLimiterMemory({ points: ADDRESS_SHARE, duration: 60 });
  return {
    /** Charges one request to Sanity to the caller's address (when known) and to the instance: undefined when both allow it. */
    async charge(ip: string | undefined): Promise<Spent | undefined> {
      const key = addressKey(ip);
      const byAddress = key === undefined ? undefined : await refusal(addresses.consume(key));
      if (byAddress !== undefined) return { by: 'address', retryAfterMs: byAddress };
      const byInstance = await refusal(instance.consume('sanity'));
      return byInstance === undefined ? undefined : { by: 'instance', retryAfterMs: byInstance };
    },
  };
}
