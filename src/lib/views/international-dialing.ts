/** The international dialing page (docs/behaviour.md §2): heading and the rates section. */
import { single } from '../content/index.ts';
import { schoolLayout, when, type SchoolPageProps } from './school-page.ts';

export function internationalDialingView(props: SchoolPageProps) {
  const doc = single(props.site.content, 'internationalDialing');
  return {
    layout: schoolLayout(props, 'international-dialing'),
    heading: when(doc, (page) => ({ title: page.header })),
    dialing: when(doc, (page) => ({ doc: page })),
  };
}
