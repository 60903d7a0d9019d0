/**
 * The product API of the simulated world (world.ts): each school's tenant record, which an
 * operator changes with no event reaching the site (a giveaway opening or closing), read by the
 * builds (digested, as the build digests them) and by the freshness check (over its transport, each
 * request answered with the records as they are when it arrives).
 */
import type { BuildInputs } from '../../../src/lib/publish-records/build-record.ts';
import { recordsTransport, type TenantTransport } from '../../../src/lib/tenants/client.ts';
import { inputsDigest, tenantDigest } from '../../../src/lib/tenants/digest.ts';
import { toTenant } from '../../../src/lib/tenants/schema.ts';

/** A school's tenant record as the product API keeps it: what an operator changes. */
interface TenantState {
  id: number;
  event: string | null;
  name: string;
}

export class ProductApi {
  private readonly tenants: Map<string, TenantState>;
  /** How many times an operator changed a record. */
  changes = 0;
  /** The records' answers and digest as they are since the last change. */
  private answers: TenantTransport | undefined;
  private digested: BuildInputs | undefined;

  constructor(schools: readonly string[]) {
    this.tenants = new Map(
      schools.map((slug, at) => [
        slug,
        { id: at + 1, event: `${slug}-event-0`, name: `${slug} Mobile` },
      ]),
    );
  }

  private records() {
    return [...this.tenants].map(([slug, tenant]) => ({
      id: tenant.id,
      affiliateId: 1,
      slug,
      Name: tenant.name,
      ActiveGiveawayEvent: tenant.event,
    }));
  }

  /** An operator opens the school's giveaway (a new event) or closes it; answers what it is now. */
  change(slug: string): string | null {
    const tenant = this.tenants.get(slug);
    if (!tenant) throw new Error(`the product API has no school ${slug}`);
    this.changes += 1;
    this.answers = undefined;
    this.digested = undefined;
    tenant.event = tenant.event === null ? `${slug}-event-${this.changes}` : null;
    return tenant.event;
  }

  /** What a build reads now, digested as the build digests it. */
  inputs(): BuildInputs {
    if (this.digested) return this.digested;
    const tenants = Object.fromEntries(
      this.records().map((record) => [
        record.slug,
        tenantDigest(toTenant(record, record.slug, '1')),
      ]),
    );
    this.digested = { source: 'api', digest: inputsDigest(tenants), tenants };
    return this.digested;
  }

  /** Answers one request with the records as they are now. */
  readonly transport: TenantTransport = (path) => {
    this.answers ??= recordsTransport(this.records());
    return this.answers(path);
  };
}
