/** The newsroom page (docs/behaviour.md §2): a heading naming the service and the school's press release. */
import { single } from '../content/index.ts';
import { pressReleaseView } from '../content/press-release.ts';
import { fieldEdit } from './edit-target.ts';
import { schoolLayout, when, type ViewProps } from './school-page.ts';

export function newsroomView(props: ViewProps) {
  const brand = props.site.tenant.name;
  return {
    layout: schoolLayout(props, 'newsroom'),
    heading: { title: 'Newsroom', subtitle: `News and announcements from ${brand}.` },
    // Skipped sections were already reported with the build's content problems.
    release: when(single(props.site.content, 'pressRelease'), (doc) => ({
      release: pressReleaseView(props.site.key, doc),
      brand,
      edit: fieldEdit(props, doc),
    })),
  };
}
