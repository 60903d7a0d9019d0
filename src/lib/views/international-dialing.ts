/** The international dialing page (docs/behaviour.md §2): heading and the rates section. */
import { single } from '../content/index.ts';
import { fieldEdit } from './edit-target.ts';
import { schoolLayout, when, type ViewProps } from './school-page.ts';

export function internationalDialingView(props: ViewProps) {
  const doc = single(props.site.content, 'internationalDialing');
  return {
    layout: schoolLayout(props, 'international-dialing'),
    heading: when(doc, (page) => ({
      title: page.header,
      edit: fieldEdit(props, page, { title: 'header' }),
    })),
    dialing: when(doc, (page) => ({ doc: page, edit: fieldEdit(props, page) })),
  };
}
