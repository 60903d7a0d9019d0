/**
 * The machine-readable broadband labels of one school: one CSV row per facts record, with the
 * FCC template's column names. Lists (fees, discounts, extra speeds and policies) become
 * numbered column pairs, as many as the longest list in the file. Fixed label wording
 * (section headings, the FCC footnote) is left out: the column names carry that meaning.
 */
import type { TenantDocuments } from '../content/schemas.ts';
import { toCsv } from '../csv/write.ts';

export type BroadbandFactsRecord = TenantDocuments['broadbandFacts'];

type Pair = readonly [name: string, value: string];

const KNOWN_SPEEDS = [
  ['dl_speed_typical', /download/i],
  ['ul_speed_typical', /upload/i],
  ['latency_typical', /latency/i],
] as const;

const KNOWN_POLICIES = [
  ['network_management_url', /network/i],
  ['privacy_policy_url', /privacy/i],
] as const;

/** Splits labelled items into the FCC's named columns and the rest, by a pattern on their label. */
function sortKnown<T>(
  items: readonly T[],
  label: (item: T) => string,
  value: (item: T) => string,
  known: ReadonlyArray<readonly [string, RegExp]>,
) {
  const named = new Map<string, string>();
  const others: Pair[] = [];
  for (const item of items) {
    const column = known.find(
      ([name, pattern]) => !named.has(name) && pattern.test(label(item)),
    )?.[0];
    if (column) named.set(column, value(item));
    else others.push([label(item), value(item)]);
  }
  return { named, others };
}

interface RecordColumns {
  leading: string[];
  fees: Pair[];
  discounts: Pair[];
  speeds: Map<string, string>;
  otherSpeeds: Pair[];
  data: string[];
  policies: Map<string, string>;
  otherPolicies: Pair[];
  support: string[];
}

function columnsOf(record: BroadbandFactsRecord): RecordColumns {
  const speeds = sortKnown(
    record.speeds,
    (s) => s.label,
    (s) => s.speedRange,
    KNOWN_SPEEDS,
  );
  const policies = sortKnown(
    record.policy,
    (p) => p.title,
    (p) => p.link,
    KNOWN_POLICIES,
  );
  return {
    leading: [
      record.uniquePlanId,
      record.provider,
      record.planName,
      record.planLabel,
      record.disclosureSubtitle,
      record.timePriceLabel,
      record.planPrice,
      record.isIntroductoryRate,
      record.requiresContract,
    ],
    fees: record.additionalCharges.map((c) => [c.label, c.description ?? ''] as const),
    discounts: record.discounts.map((d) => [d.label, d.description ?? ''] as const),
    speeds: speeds.named,
    otherSpeeds: speeds.others,
    data: [record.countGB, record.additionalUsagePrice],
    policies: policies.named,
    otherPolicies: policies.others,
    support: [record.supportNumber, record.intercomLink],
  };
}

const LEADING = [
  'unique_plan_id',
  'provider_name',
  'service_plan_name',
  'label_type',
  'plan_details',
  'price_period',
  'monthly_price',
  'intro_rate',
  'contract_req',
];
const DATA = ['data_included_amount', 'overage_fee'];
const SUPPORT = ['customer_support_phone', 'customer_support_url'];

const numbered = (prefix: string, [first, second]: readonly [string, string], count: number) =>
  Array.from({ length: count }, (_, i) => [
    `${prefix}_${i + 1}_${first}`,
    `${prefix}_${i + 1}_${second}`,
  ]).flat();
const padded = (pairs: readonly Pair[], count: number) =>
  Array.from({ length: count }, (_, i) => [pairs[i]?.[0] ?? '', pairs[i]?.[1] ?? '']).flat();

export function broadbandLabelsCsv(records: readonly BroadbandFactsRecord[]): string {
  const rows = records.map(columnsOf);
  const most = (pick: (row: RecordColumns) => readonly unknown[]) =>
    Math.max(0, ...rows.map((row) => pick(row).length));
  const counts = {
    fees: most((r) => r.fees),
    discounts: most((r) => r.discounts),
    speeds: most((r) => r.otherSpeeds),
    policies: most((r) => r.otherPolicies),
  };
  const speedNames = KNOWN_SPEEDS.map(([name]) => name);
  const policyNames = KNOWN_POLICIES.map(([name]) => name);

  const header = [
    ...LEADING,
    ...numbered('fee', ['name', 'amount'], counts.fees),
    ...numbered('discount', ['name', 'description'], counts.discounts),
    ...speedNames,
    ...numbered('speed', ['name', 'value'], counts.speeds),
    ...DATA,
    ...policyNames,
    ...numbered('policy', ['name', 'url'], counts.policies),
    ...SUPPORT,
  ];
  const body = rows.map((row) => [
    ...row.leading,
    ...padded(row.fees, counts.fees),
    ...padded(row.discounts, counts.discounts),
    ...speedNames.map((name) => row.speeds.get(name) ?? ''),
    ...padded(row.otherSpeeds, counts.speeds),
    ...row.data,
    ...policyNames.map((name) => row.policies.get(name) ?? ''),
    ...padded(row.otherPolicies, counts.policies),
    ...row.support,
  ]);
  return toCsv(header, body);
}
