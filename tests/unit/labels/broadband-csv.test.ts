import { describe, expect, it } from 'vitest';
import { broadbandLabelsCsv } from '../../../src/lib/labels/broadband-csv.ts';
import { factsRecord } from './fixtures.ts';

/** A small RFC 4180 reader, so the tests check what a spreadsheet would see. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += char;
  }
  return rows;
}

const asObjects = (csv: string) => {
  const [header = [], ...rows] = parseCsv(csv);
  return {
    header,
    rows: rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]]))),
  };
};

describe('broadband labels CSV', () => {
  it('starts with the FCC template columns and has one row per record', () => {
    const { header, rows } = asObjects(
      broadbandLabelsCsv([
        factsRecord(),
        factsRecord({ uniquePlanId: 'M12345678901ABCDEFGHIJKLMNO', planPrice: '$40.00' }),
      ]),
    );
    expect(header.slice(0, 3)).toEqual(['unique_plan_id', 'provider_name', 'service_plan_name']);
    for (const column of [
      'monthly_price',
      'intro_rate',
      'contract_req',
      'dl_speed_typical',
      'ul_speed_typical',
      'latency_typical',
      'data_included_amount',
      'overage_fee',
      'network_management_url',
      'privacy_policy_url',
      'customer_support_phone',
      'customer_support_url',
    ]) {
      expect(header).toContain(column);
    }
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      unique_plan_id: 'M12345678901ABCDEFGHIJKLMNO',
      monthly_price: '$40.00',
    });
  });

  it('puts every field of the record in its column', () => {
    const {
      rows: [row],
    } = asObjects(broadbandLabelsCsv([factsRecord()]));
    expect(row).toEqual({
      unique_plan_id: 'M36152451655G9PC1ZJ9JEHE86',
      provider_name: 'Husky Mobile',
      service_plan_name: 'Husky Mobile Fan Essentials',
      label_type: 'Mobile Broadband Consumer Disclosure',
      plan_details: 'Fan plan, single line, 5G',
      price_period: 'Monthly Price',
      monthly_price: '$30.00',
      intro_rate: 'This Monthly Price is not an introductory rate.',
      contract_req: 'This Monthly Price does not require a contract.',
      fee_1_name: 'Activation Fee',
      fee_1_amount: '$0.00',
      fee_2_name: 'Government Taxes',
      fee_2_amount: 'Included in the Monthly Price',
      discount_1_name: 'Multi-line savings',
      discount_1_description: 'Save $5/mo per line, 3+ lines.',
      dl_speed_typical: '35-250 Mbps',
      ul_speed_typical: '5-25 Mbps',
      latency_typical: '26-45 ms',
      data_included_amount: '10 GB',
      overage_fee: '$0.00',
      network_management_url: 'https://example.com/network',
      privacy_policy_url: 'https://example.com/privacy',
      customer_support_phone: '(800) 555-0142',
      customer_support_url: 'https://support.example.com',
    });
  });

  it('sizes numbered columns to the longest list and leaves shorter rows blank there', () => {
    const three = factsRecord({
      additionalCharges: [
        { label: 'A', description: '$1' },
        { label: 'B', description: '$2' },
        { label: 'C' },
      ],
      discounts: [],
    });
    const { header, rows } = asObjects(broadbandLabelsCsv([factsRecord(), three]));
    expect(header.filter((name) => /^fee_\d+_name$/.test(name))).toEqual([
      'fee_1_name',
      'fee_2_name',
      'fee_3_name',
    ]);
    expect(rows[0]).toMatchObject({ fee_3_name: '', fee_3_amount: '' });
    expect(rows[1]).toMatchObject({ fee_3_name: 'C', fee_3_amount: '', discount_1_name: '' });
  });

  it('keeps speeds and policies the FCC columns do not name in numbered columns', () => {
    const record = factsRecord({
      speeds: [
        { label: 'Typical Download Speed', speedRange: '100 Mbps' },
        { label: 'Peak Speed', speedRange: '1 Gbps' },
      ],
      policy: [{ title: 'Data Allowance', linkText: 'Read', link: 'https://example.com/data' }],
    });
    const {
      rows: [row],
    } = asObjects(broadbandLabelsCsv([record]));
    expect(row).toMatchObject({
      dl_speed_typical: '100 Mbps',
      ul_speed_typical: '',
      speed_1_name: 'Peak Speed',
      speed_1_value: '1 Gbps',
      network_management_url: '',
      policy_1_name: 'Data Allowance',
      policy_1_url: 'https://example.com/data',
    });
  });

  it('quotes commas, quotes and line breaks so values survive a round trip', () => {
    const tricky = 'Fan plan, "single" line\n5G';
    const csv = broadbandLabelsCsv([factsRecord({ disclosureSubtitle: tricky })]);
    expect(csv).toContain('"Fan plan, ""single"" line\n5G"');
    expect(asObjects(csv).rows[0]?.plan_details).toBe(tricky);
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('writes just the header when a school has no records', () => {
    expect(parseCsv(broadbandLabelsCsv([]))).toHaveLength(1);
  });
});
