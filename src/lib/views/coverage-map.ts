/** The coverage-map page (docs/behaviour.md §2): heading, the ZIP and IMEI checks and the carrier's map. */
import { single } from '../content/index.ts';
import {
  coverageChecksProps,
  coverageMapSources,
  coverageMapTitle,
} from '../coverage/island-props.ts';
import { fieldEdit } from './edit-target.ts';
import { schoolLayout, when, type ViewProps } from './school-page.ts';

export function coverageMapView(props: ViewProps) {
  const { site, settings } = props;
  const doc = single(site.content, 'coverageMapPage');
  return {
    layout: schoolLayout(props, 'coverage-map'),
    heading: when(doc, (page) => ({
      title: page.header,
      subtitle: page.zipInstructionText,
      edit: fieldEdit(props, page, { title: 'header', subtitle: 'zipInstructionText' }),
    })),
    map: {
      checks: coverageChecksProps(site),
      sources: coverageMapSources(settings, doc),
      mapTitle: coverageMapTitle(site.tenant.name, doc?.mapTitle),
      brand: site.tenant.name,
      carrierLine: settings.carrierLine,
      carrierEdit: fieldEdit(props, settings)?.('carrierLine'),
    },
  };
}
