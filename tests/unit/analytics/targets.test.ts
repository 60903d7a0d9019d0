// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { clickEventName, expandEventName } from '../../../src/lib/analytics/targets.client.ts';

describe('clickEventName', () => {
  it('reads the closest [data-analytics] of the clicked element', () => {
    document.body.innerHTML =
      '<a href="#" data-analytics="landingpage.seemorefaqs"><span id="inner">See more</span></a><p id="plain">x</p>';
    expect(clickEventName(document.getElementById('inner'))).toBe('landingpage.seemorefaqs');
    expect(clickEventName(document.getElementById('plain'))).toBeUndefined();
    expect(clickEventName(null)).toBeUndefined();
    expect(clickEventName(window)).toBeUndefined();
  });

  it('ignores empty names', () => {
    document.body.innerHTML = '<button data-analytics=" " id="b">x</button>';
    expect(clickEventName(document.getElementById('b'))).toBeUndefined();
  });
});

describe('expandEventName', () => {
  it('names the event only when the <details> has opened', () => {
    document.body.innerHTML =
      '<details id="d" data-analytics-expand="landingpage.faq2expand"><summary>Q</summary>A</details>';
    const details = document.getElementById('d') as HTMLDetailsElement;
    expect(expandEventName(details)).toBeUndefined();
    details.open = true;
    expect(expandEventName(details)).toBe('landingpage.faq2expand');
    expect(expandEventName(document.body)).toBeUndefined();
  });
});
