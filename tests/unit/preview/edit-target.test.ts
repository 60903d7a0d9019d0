/**
 * Click-to-edit targets: the views bind each section to its document; the attribute is
 * `createDataAttribute`'s (id, type, path by `_key`, base) in draft mode and nothing otherwise.
 */
import { describe, expect, it } from 'vitest';
import { createDataAttribute } from '@sanity/visual-editing/create-data-attribute';
import { editAttribute } from '../../../src/lib/preview/server/edit-attribute.ts';
import { fieldEdit, itemStep, scopedEdit } from '../../../src/lib/views/edit-target.ts';
import { planPageView } from '../../../src/lib/views/plans.ts';
import { landingView } from '../../../src/lib/views/landing.ts';
import { schoolPage } from '../views/school-pages.ts';

const doc = { _id: 'huskymobile-planCards-fan', _type: 'planCards' };

describe('edit targets', () => {
  it('write what createDataAttribute writes: id, type, the path with array items by _key, and base', () => {
    const attribute = editAttribute(doc, ['plans', { _key: 'ede43b95abe8' }, 'planDescription']);
    expect(attribute).toBe(
      'id=huskymobile-planCards-fan;type=planCards;path=plans:ede43b95abe8.planDescription;base=%2F',
    );
    expect(attribute).toBe(
      createDataAttribute({
        id: doc._id,
        type: doc._type,
        path: ['plans', { _key: 'ede43b95abe8' }, 'planDescription'],
      }).toString(),
    );
    expect(editAttribute({ _id: 'x', _type: 'whyHero' }, ['bodyParagraphs', 2])).toBe(
      'id=x;type=whyHero;path=bodyParagraphs:2;base=%2F',
    );
  });

  it('are nothing without the attribute maker (the public build) or without a document', () => {
    expect(fieldEdit({}, doc)).toBeUndefined();
    expect(fieldEdit({ editAttribute }, undefined)).toBeUndefined();
    expect(scopedEdit(undefined, 'plans', 0)).toBeUndefined();
  });

  it('map a section name to the document field, scope to an item, and name items by _key, else index', () => {
    const edit = fieldEdit({ editAttribute }, doc, { title: 'header', pillars: 'missionPillars' });
    expect(edit?.('title')).toContain('path=header;');
    expect(edit?.('pillars', itemStep({ _key: 'k1' }, 3), 'title')).toContain(
      'path=missionPillars:k1.title;',
    );
    expect(edit?.('pillars', itemStep({}, 3), 'title')).toContain('path=missionPillars:3.title;');
    expect(scopedEdit(edit, 'plans', { _key: 'a' })?.('planLabel')).toContain(
      'path=plans:a.planLabel;',
    );
  });

  it('come from the views only in draft mode', async () => {
    const props = await schoolPage();
    const published = landingView(props);
    expect(published.hero?.edit).toBeUndefined();
    expect(published.layout.editAttribute).toBeUndefined();
    const drafts = landingView({ ...props, editAttribute });
    const hero = drafts.hero!;
    expect(hero.edit?.('title')).toBe(editAttribute(hero.header, ['title']));
    expect(drafts.mission?.edit?.('subtitle')).toContain('path=missionSubtitle;');
    const plans = planPageView({ ...props, editAttribute }, 'fan');
    expect(plans.cards?.edits?.[0]?.card?.('planDescription')).toMatch(
      /^id=[^;]+;type=planCards;path=plans:[\w-]+\.planDescription;base=%2F$/,
    );
    expect(planPageView(props, 'fan').cards?.edits).toBeUndefined();
  });
});
